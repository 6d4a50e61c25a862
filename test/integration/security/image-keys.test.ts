/**
 * Complaint image keys are exact: a member's key is their own prefix and one object id, nothing
 * else. Dot segments (plain or percent-encoded) once reached another member's image, because the
 * link built from such a key resolves them; the local S3 front refuses such paths outright.
 */
import { request } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimsOf } from '../../support/admin';
import { call, newVerifiedMember } from '../../support/api';

type Member = Awaited<ReturnType<typeof newVerifiedMember>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a PNG as the browser does; its key and the bucket's URL. */
const upload = async (m: Member) => {
  const presigned = await call(
    'createImageUpload',
    { contentType: 'image/png', size: PNG.length },
    m.idToken,
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(presigned.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shot.png');
  expect((await fetch(presigned.body.url, { method: 'POST', body: form })).status).toBe(204);
  return { key: presigned.body.key, bucketUrl: presigned.body.url };
};

/** A GET sent with its path exactly as written (fetch would resolve dot segments first). */
const rawGet = (url: URL, path: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

let a: Member;
let b: Member;
let bKey: string;
let bucketUrl: string;
beforeAll(async () => {
  [a, b] = await Promise.all([newVerifiedMember(), newVerifiedMember()]);
  ({ key: bKey, bucketUrl } = await upload(b));
});

describe('complaint image keys', () => {
  const crossings = () => {
    const [, bId, object] = bKey.split('/');
    const aPrefix = `complaints/${String(claimsOf(a.idToken).sub)}`;
    return [
      `${aPrefix}/../${bId}/${object}`,
      `${aPrefix}/./../${bId}/${object}`,
      `${aPrefix}/%2e%2e/${bId}/${object}`,
      `${aPrefix}/%2E%2E%2F${bId}%2F${object}`,
      `${aPrefix}/${object}/../../${bId}/${object}`,
    ];
  };

  it("refuses a key that leaves the member's prefix, in a complaint and in the chat", async () => {
    await upload(a);
    for (const imageKey of crossings()) {
      const filed = await call(
        'fileComplaint',
        { email: a.email, description: 'My bot did not start.', imageKey },
        a.idToken,
      );
      expect(filed, imageKey).toMatchObject({ status: 400, body: { message: 'No image selected.' } });
    }
    expect((await call('myComplaints', {}, a.idToken)).body.items).toEqual([]);

    const own = await upload(a);
    const filed = await call(
      'fileComplaint',
      { email: a.email, description: 'My bot did not start.', imageKey: own.key },
      a.idToken,
    );
    expect(filed.status).toBe(201);
    for (const imageKey of crossings()) {
      const sent = await call(
        'sendChatMessage',
        { complaintId: filed.body.complaint.id, text: '', imageKey },
        a.idToken,
      );
      expect(sent, imageKey).toMatchObject({ status: 400, body: { message: 'No image selected.' } });
    }
    const chat = await call('complaintChat', { complaintId: filed.body.complaint.id }, a.idToken);
    expect(chat.body.messages).toHaveLength(1);
  });

  it('the local S3 refuses a path with dot segments, even one signed as the functions sign', async () => {
    const bucket = new URL(bucketUrl);
    const [, bId, object] = bKey.split('/');
    const resolved = `${bucket.pathname}/complaints/${bId}/${object}`;
    const signer = new SignatureV4({
      service: 's3',
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      sha256: Sha256,
      uriEscapePath: false,
    });
    // a link made from `complaints/<A>/../<B>/<id>`: signed over the path a URL resolves it to
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: 'http:',
        hostname: bucket.hostname,
        port: Number(bucket.port),
        path: resolved,
        query: {},
        // S3 presigned links sign no payload
        headers: { host: bucket.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn: 600 },
    );
    const query = new URLSearchParams(signed.query as Record<string, string>).toString();
    expect(await rawGet(bucket, `${resolved}?${query}`)).toBe(200);
    for (const crossing of crossings())
      expect(await rawGet(bucket, `${bucket.pathname}/${crossing}?${query}`), crossing).toBe(400);
  });
});
