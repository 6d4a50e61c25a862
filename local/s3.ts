/**
 * The local S3 for complaint images: s3rver (a real S3-compatible server, files under the data
 * folder) behind a small front of ours on the gateway's port at /s3, because s3rver checks neither
 * SigV4 signatures nor POST policies:
 *  - a browser's POST upload (presigned POST) is accepted only with a valid policy signature, before
 *    the policy's expiration, and when every condition holds (bucket, key, Content-Type,
 *    content-length-range: the 500,000-byte limit is enforced here, as S3 does, not only in the
 *    browser); the file is then stored by a PUT to s3rver;
 *  - a GET by URL must be presigned (SigV4 query) with the local key and not expired;
 *  - the functions' own calls (SigV4 headers) are passed on when their signature is the one S3
 *    would compute for the request as it arrived.
 * Anything refused answers S3's XML error, with S3's codes (AccessDenied, EntityTooLarge, ...).
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import type { ExtraRoute } from './gateway';
import { headerSignatureOk, querySignatureOk, signingKey, type LocalKey } from './sigv4';

export const S3_PATH = '/s3';
/** A POST body larger than this is refused before it is read whole (S3's own form limit is 20 KB of fields). */
const MAX_POST_BYTES = 5_000_000;

/** Where the files go, the bucket, and the key the functions sign with (a signature by another is refused). */
interface Options extends LocalKey {
  dir: string;
  bucket: string;
}

const xmlError = (res: ServerResponse, status: number, code: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
};

type Condition = Record<string, string> | [string, string, string | number, (string | number)?];

/** Why a POST form breaks its policy, or null when it keeps it. */
export const policyProblem = (
  fields: Record<string, string>,
  size: number,
  bucket: string,
  options: Options,
  now = Date.now(),
): { code: string; message: string } | null => {
  const denied = (message: string) => ({ code: 'AccessDenied', message });
  // S3 reads form field names without regard to case
  const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  const policy64 = form.policy;
  if (!policy64) return denied('The upload has no policy.');
  const [keyId, day, region] = (form['x-amz-credential'] ?? '').split('/');
  if (keyId !== options.accessKeyId) return { code: 'InvalidAccessKeyId', message: 'Unknown access key.' };
  const expected = createHmac('sha256', signingKey(options.secretAccessKey, day, region, 's3'))
    .update(policy64)
    .digest('hex');
  if (expected !== form['x-amz-signature'])
    return { code: 'SignatureDoesNotMatch', message: 'The policy signature does not match.' };
  const policy = JSON.parse(Buffer.from(policy64, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: Condition[];
  };
  if (Date.parse(policy.expiration) < now) return denied('Invalid according to Policy: Policy expired.');
  const value = (name: string) => (name === 'bucket' ? bucket : (form[name.toLowerCase()] ?? ''));
  for (const c of policy.conditions) {
    if (!Array.isArray(c)) {
      for (const [name, want] of Object.entries(c))
        if (value(name) !== want)
          return denied(`Invalid according to Policy: Policy Condition failed: ${name}`);
      continue;
    }
    const [op, a, b] = c;
    if (op === 'content-length-range') {
      if (size < Number(a))
        return {
          code: 'EntityTooSmall',
          message: 'Your proposed upload is smaller than the minimum allowed size',
        };
      if (size > Number(b))
        return { code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
      continue;
    }
    const name = String(a).replace(/^\$/, '');
    if (op === 'eq' && value(name) !== String(b))
      return denied(`Invalid according to Policy: Policy Condition failed: ${name}`);
    if (op === 'starts-with' && !value(name).startsWith(String(b)))
      return denied(`Invalid according to Policy: Policy Condition failed: ${name}`);
  }
  return null;
};

/**
 * True when a key or a request path has a dot segment (`.`, `..`, also percent-encoded), an
 * encoded slash or backslash, or an encoding that does not decode. S3 keeps `a/../b` as a key of
 * its own and never serves b for it, but URL parsers and HTTP clients resolve dot segments, so
 * such a key would reach across members' prefixes: the front refuses it outright.
 */
export const hasDotSegments = (path: string): boolean =>
  path.split('/').some((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return decoded === '.' || decoded === '..' || /[/\\]/.test(decoded);
  });

/** The form's fields and its one file, parsed by the platform's own multipart reader. */
const readForm = async (
  req: IncomingMessage,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const form = await new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': String(req.headers['content-type']) },
    body: Buffer.concat(chunks),
  }).formData();
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else file = Buffer.from(await value.arrayBuffer());
  }
  return { fields, file };
};

export const startLocalS3 = async (options: Options) => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.dir,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const upstream = `http://127.0.0.1:${port}`;

  /** Passes a request on to s3rver without its signature (s3rver would not know the local key). */
  const forward = async (req: IncomingMessage, res: ServerResponse, path: string, body?: Buffer) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (
        typeof v === 'string' &&
        !['authorization', 'host', 'connection'].includes(k) &&
        !k.startsWith('x-amz-')
      )
        headers[k] = v;
    const chunks: Buffer[] = [];
    if (!body && req.method !== 'GET' && req.method !== 'HEAD')
      for await (const c of req) chunks.push(c as Buffer);
    const answer = await fetch(`${upstream}${path}`, {
      method: req.method,
      headers,
      body: (body ?? (chunks.length ? Buffer.concat(chunks) : undefined)) as BodyInit | undefined,
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (!['content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
    });
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  };

  const route: ExtraRoute = async (req, res, url) => {
    if (url.pathname !== S3_PATH && !url.pathname.startsWith(`${S3_PATH}/`)) return false;
    // the path as sent: `url` is already resolved
    if (hasDotSegments((req.url ?? '').split('?')[0])) {
      xmlError(res, 400, 'InvalidURI', "Couldn't parse the specified URI.");
      req.resume();
      return true;
    }
    const path = url.pathname.slice(S3_PATH.length) || '/';
    const [, bucket] = path.split('/');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,POST,PUT,HEAD',
        'access-control-allow-headers': '*',
      });
      res.end();
      return true;
    }
    if (req.method === 'POST' && req.headers['content-type']?.startsWith('multipart/form-data')) {
      if (Number(req.headers['content-length'] ?? 0) > MAX_POST_BYTES) {
        xmlError(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        req.resume();
        return true;
      }
      const { fields, file } = await readForm(req);
      if (!file) {
        xmlError(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
        return true;
      }
      if (hasDotSegments(fields.key ?? '')) {
        xmlError(res, 400, 'InvalidArgument', 'The key may not hold dot segments.');
        return true;
      }
      const problem = policyProblem(fields, file.length, bucket, options);
      if (problem) {
        xmlError(
          res,
          problem.code === 'EntityTooLarge' || problem.code === 'EntityTooSmall' ? 400 : 403,
          problem.code,
          problem.message,
        );
        return true;
      }
      const answer = await fetch(`${upstream}/${bucket}/${fields.key}`, {
        method: 'PUT',
        headers: { 'content-type': fields['Content-Type'] ?? 'application/octet-stream' },
        body: new Uint8Array(file),
      });
      res.writeHead(answer.ok ? 204 : answer.status, { 'access-control-allow-origin': '*' });
      res.end();
      return true;
    }
    const signed = req.headers.authorization
      ? headerSignatureOk(req, url, 's3', String(req.headers['x-amz-content-sha256'] ?? ''), options)
      : querySignatureOk(req, url, options);
    if (!signed) {
      xmlError(res, 403, 'AccessDenied', 'Access Denied');
      return true;
    }
    await forward(req, res, path);
    return true;
  };

  return { route, close: () => server.close() };
};
