/**
 * SigV4 as an AWS service checks it, for the local stand-ins of AWS services (local/s3.ts,
 * local/lambda.ts, local/websocket.ts, local/queue.ts): the signature is recomputed from the request as it arrived (its method, path,
 * query, the headers it names as signed and its payload's hash) with the local key, so a request
 * signed for anything else, or changed on the way, is refused as AWS refuses it.
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The key the functions sign with locally (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION). */
export interface LocalKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** SigV4's signing key for a day, region and service. */
export const signingKey = (secret: string, day: string, region: string, service: string) =>
  hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');

/** RFC 3986 escaping, as SigV4's canonical forms want it. */
const escape = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** 20261124T030405Z → epoch ms (NaN when it is not one). */
const timeOf = (amzDate: string) =>
  Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

interface Signed {
  service: string;
  signedHeaders: string[];
  payloadHash: string;
  date: string;
  day: string;
}

const signatureFor = (req: IncomingMessage, url: URL, signed: Signed, key: LocalKey) => {
  const query = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${escape(name)}=${escape(value)}`)
    .sort()
    .join('&');
  // S3 signs its path as sent; every other service escapes it once more
  const path = signed.service === 's3' ? url.pathname : url.pathname.split('/').map(escape).join('/');
  const headers = signed.signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  const canonical = [
    req.method,
    path,
    query,
    headers,
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
  const toSign = [
    'AWS4-HMAC-SHA256',
    signed.date,
    `${signed.day}/${key.region}/${signed.service}/aws4_request`,
    sha256Hex(canonical),
  ].join('\n');
  return hmac(signingKey(key.secretAccessKey, signed.day, key.region, signed.service), toSign).toString(
    'hex',
  );
};

/**
 * True when the Authorization header carries the local key's signature of this request for
 * `service`, made within the last 15 minutes; `payloadHash` is the hash of the body received (S3:
 * the one the request declares).
 */
export const headerSignatureOk = (
  req: IncomingMessage,
  url: URL,
  service: string,
  payloadHash: string,
  key: LocalKey,
): boolean => {
  const header = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=(\w+)$/.exec(
    String(req.headers.authorization ?? ''),
  );
  if (!header) return false;
  const [keyId, day, region, scopeService] = header[1].split('/');
  const date = String(req.headers['x-amz-date'] ?? '');
  return (
    keyId === key.accessKeyId &&
    region === key.region &&
    scopeService === service &&
    Math.abs(timeOf(date) - Date.now()) < 15 * 60_000 &&
    signatureFor(req, url, { service, signedHeaders: header[2].split(';'), payloadHash, date, day }, key) ===
      header[3]
  );
};

/** True when the query carries the local key's signature of this GET (a presigned S3 link), not expired. */
export const querySignatureOk = (req: IncomingMessage, url: URL, key: LocalKey): boolean => {
  const q = url.searchParams;
  const signature = q.get('X-Amz-Signature');
  const date = q.get('X-Amz-Date') ?? '';
  const [keyId, day, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  if (req.method !== 'GET' || !signature || keyId !== key.accessKeyId || region !== key.region) return false;
  if (service !== 's3' || !(timeOf(date) + Number(q.get('X-Amz-Expires') ?? 0) * 1000 > Date.now()))
    return false;
  const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  return (
    signatureFor(req, url, { service, signedHeaders, payloadHash: 'UNSIGNED-PAYLOAD', date, day }, key) ===
    signature
  );
};

/**
 * The answer to a call not signed with the local key, as an AWS JSON service gives it: 403, the
 * error type in `x-amzn-errortype` (which the SDK reads) and in the body's `__type`.
 */
export const refuseUnsigned = (res: ServerResponse, errorType: string) => {
  res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': errorType });
  res.end(JSON.stringify({ __type: errorType, message: 'The request signature does not match.' }));
};
