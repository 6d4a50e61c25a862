/**
 * Complaint images in S3 (the images bucket; locally s3rver behind local/s3.ts): a presigned POST
 * whose policy holds the key, the type and the 500,000-byte limit, so the browser uploads straight
 * to S3 and S3 refuses anything else; a look at an uploaded object's size; and short-lived GET links
 * given only to the complaint's member and support.
 *
 * Signed with the SDK's SigV4 signer (#core/aws-call) as @aws-sdk/s3-presigned-post and
 * s3-request-presigner sign them: the S3 client those need is 130 KB of the support function.
 * local/s3.ts checks both signatures the way S3 does.
 */
import { createHmac } from 'node:crypto';
import { createScope, getSigningKey } from '@smithy/signature-v4';
import { MAX_IMAGE_BYTES } from '#api/schemas/support';
import { awsCall, AwsCallError, credentials, region, Sha256, signerFor } from '#core/aws-call';
import { newId } from '#core/ids';

const UPLOAD_SECONDS = 300;
const VIEW_SECONDS = 600;

const bucket = () => {
  const name = process.env.IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
};

/** The bucket's URL: path-style at the local endpoint, the bucket's own host in AWS. */
const bucketUrl = () =>
  process.env.S3_ENDPOINT
    ? `${process.env.S3_ENDPOINT.replace(/\/$/, '')}/${bucket()}`
    : `https://${bucket()}.s3.${region()}.amazonaws.com`;

const objectUrl = (key: string) =>
  new URL(`${bucketUrl()}/${key.split('/').map(encodeURIComponent).join('/')}`);

/** 2026-11-24T03:04:05.678Z → 20261124T030405Z (SigV4's date). */
const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** Where a member's uploads go. */
const memberImagePrefix = (memberId: string) => `complaints/${memberId}/`;

/** An object id as newId makes it (a ULID): nothing else may follow the member's prefix. */
const OBJECT_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The key of a new upload of this member. */
export const newImageKey = (memberId: string) => `${memberImagePrefix(memberId)}${newId()}`;

/**
 * True only for a key this member's upload could have: their prefix and one object id, exactly.
 * A test of the prefix alone let `complaints/<A>/../<B>/<id>` through, which a URL resolves to
 * B's image once it is built into a link.
 */
export const isMemberImageKey = (memberId: string, key: string) => {
  const prefix = memberImagePrefix(memberId);
  return key.startsWith(prefix) && OBJECT_ID.test(key.slice(prefix.length));
};

/**
 * The form a browser posts to upload `key`: its fields, each also a condition of the policy, and
 * the policy signed with the day's S3 signing key (S3's "POST policy", SigV4).
 */
export const presignImageUpload = async (key: string, contentType: string) => {
  const now = new Date();
  const signedAt = amzDate(now);
  const day = signedAt.slice(0, 8);
  const creds = await credentials();
  const fields: Record<string, string> = {
    'Content-Type': contentType,
    bucket: bucket(),
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${creds.accessKeyId}/${createScope(day, region(), 's3')}`,
    'X-Amz-Date': signedAt,
    ...(creds.sessionToken ? { 'X-Amz-Security-Token': creds.sessionToken } : {}),
  };
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(now.getTime() + UPLOAD_SECONDS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      conditions: [
        ['content-length-range', 1, MAX_IMAGE_BYTES],
        ['eq', '$Content-Type', contentType],
        ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
        { key },
      ],
    }),
  ).toString('base64');
  const signingKey = await getSigningKey(Sha256, creds, day, region(), 's3');
  const signature = createHmac('sha256', signingKey).update(policy).digest('hex');
  return {
    url: bucketUrl(),
    fields: { ...fields, key, Policy: policy, 'X-Amz-Signature': signature },
    key,
  };
};

/** The uploaded object's size, or null when nothing was uploaded under the key. */
export const uploadedSize = async (key: string): Promise<number | null> => {
  try {
    const head = await awsCall({ service: 's3', path: objectUrl(key).href, method: 'HEAD' });
    return Number(head.headers.get('content-length') ?? 0);
  } catch (error) {
    if (error instanceof AwsCallError && error.status === 404) return null;
    throw error;
  }
};

/** A GET link to the object, good for VIEW_SECONDS (SigV4 in the query; S3 signs no payload then). */
export const imageViewUrl = async (key: string): Promise<string> => {
  const url = objectUrl(key);
  const signed = await signerFor('s3').presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: {},
      headers: { host: url.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn: VIEW_SECONDS },
  );
  const query = Object.entries(signed.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${url.origin}${url.pathname}?${query}`;
};
