/** A request signed with SigV4 as the functions sign their AWS calls: the local stand-ins check it. */
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';

/** POSTs `body` to `url`, signed for `service` with `secret` (the stack's own key is 'local'). */
export const signedPost = async (
  url: URL,
  options: { service: string; secret: string; body: string; headers?: Record<string, string> },
) => {
  const signed = await new SignatureV4({
    service: options.service,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: options.secret },
    sha256: Sha256,
  }).sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: { host: url.host, ...options.headers },
    body: options.body,
  });
  const { host: _host, ...headers } = signed.headers;
  return fetch(url, { method: 'POST', headers, body: options.body });
};
