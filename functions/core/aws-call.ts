/**
 * One signed request to an AWS service's HTTP API, for a function that makes one or two calls of a
 * service whose SDK client would bring the service's whole model into its bundle (SESv2 61 KB,
 * Lambda 71, Cognito 35, SQS 24, Step Functions 22: an SDK client's generated schemas use computed
 * keys, so esbuild keeps every operation's). The request is signed by the SDK's own SigV4 signer
 * (already in every bundle, for DynamoDB) with the environment's credentials, as the clients sign
 * it in Lambda; what a call sends and reads is the operation's documented wire format, and a
 * refused call throws an error named as the SDK names it ('UserNotFoundException'), so callers test
 * `errorName(error)` alike. docs/decisions/scale-and-operations.md ("Signed calls instead of
 * small-use SDK clients") says which calls go this way.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SigV4's SHA-256 (and HMAC-SHA-256 when given a secret), on node:crypto. */
export class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** A call AWS refused: `name` is the error's type as the SDK names it, `status` the HTTP status. */
export class AwsCallError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface AwsRequest {
  /** The signing name: 'ses' (SESv2, at host 'email'), 'cognito-idp', 'sqs', 'states', 'lambda', 's3'. */
  service: string;
  /** Where the service answers; `https://<host prefix>.<region>.amazonaws.com` unless given. */
  endpoint?: string;
  /** The host prefix when no endpoint is given (defaults to `service`). */
  host?: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'DELETE';
  /** The path (escaped); a whole URL (an S3 object's) stands for itself. */
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

export const region = (): string => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

/** Lambda's credentials (the environment's), for what signs without a request (an S3 POST policy). */
export const credentials = fromEnv();

const signers = new Map<string, SignatureV4>();
/**
 * The SDK's SigV4 signer for a service. S3 alone signs its path as sent; every other service
 * signs it escaped once more, as their SDK clients do.
 */
export const signerFor = (service: string): SignatureV4 => {
  let signer = signers.get(service);
  if (!signer) {
    signer = new SignatureV4({
      service,
      region: region(),
      credentials,
      sha256: Sha256,
      uriEscapePath: service !== 's3',
    });
    signers.set(service, signer);
  }
  return signer;
};

/**
 * The error's type from a refusal, read where the SDK reads it: the `x-amzn-ErrorType` header
 * ('NotFoundException:http://…'), the body's `code` or `__type` ('com.amazonaws…#NotFound'), or
 * the status when none.
 */
const refusal = (status: number, header: string | null, text: string): AwsCallError => {
  let body: { __type?: string; code?: string; message?: string; Message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // a body that is not JSON (a gateway's HTML): the status and the header name it
  }
  const type =
    (header ?? body.code ?? body.__type ?? `Http${status}`).split(':')[0].split('#').pop() ?? `Http${status}`;
  return new AwsCallError(type, body.message ?? body.Message ?? text.slice(0, 200), status);
};

/** What a service answered: its headers (an S3 HEAD's size) and its body. */
export interface AwsAnswer {
  headers: Headers;
  text: string;
}

/** Sends one signed request (a refusal throws AwsCallError). */
export const awsCall = async (request: AwsRequest): Promise<AwsAnswer> => {
  const url = new URL(
    request.path ?? '/',
    request.endpoint ?? `https://${request.host ?? request.service}.${region()}.amazonaws.com`,
  );
  const signed = await signerFor(request.service).sign({
    method: request.method ?? 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: { host: url.host, ...request.headers },
    body: request.body,
  });
  const answer = await fetch(url, {
    method: signed.method,
    // fetch sets the host itself (from the URL it was signed for)
    headers: Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host')),
    body: request.body,
  });
  const text = await answer.text();
  if (!answer.ok) throw refusal(answer.status, answer.headers.get('x-amzn-errortype'), text);
  return { headers: answer.headers, text };
};

/**
 * An operation of a JSON-protocol service (Cognito is JSON 1.1; SQS and Step Functions 1.0):
 * `target` is the X-Amz-Target ('AWSCognitoIdentityProviderService.AdminGetUser').
 */
export const awsJson = async <T>(
  request: Omit<AwsRequest, 'body' | 'headers' | 'method' | 'path'> & {
    target: string;
    version: '1.0' | '1.1';
    input: object;
  },
): Promise<T> => {
  const { text } = await awsCall({
    ...request,
    headers: {
      'content-type': `application/x-amz-json-${request.version}`,
      'x-amz-target': request.target,
    },
    body: JSON.stringify(request.input),
  });
  return (text ? JSON.parse(text) : {}) as T;
};

/** An operation's input and output, as the SDK types them (its `$metadata` is the client's, not the wire's). */
export type Operation<Input, Output> = { input: Input; output: Omit<Output, '$metadata'> };

/**
 * A JSON-protocol service as one typed function of its operations' names:
 * `jsonService<Operations>({ service: 'sqs', target: 'AmazonSQS', version: '1.0' })('ReceiveMessage', {...})`.
 * `endpoint` is read at each call (the local stack sets it after the modules load).
 */
export const jsonService =
  <Operations extends { [Name in keyof Operations]: Operation<object, object> }>(service: {
    service: string;
    target: string;
    version: '1.0' | '1.1';
    endpoint?: () => string | undefined;
  }) =>
  <Name extends keyof Operations & string>(
    operation: Name,
    input: Operations[Name]['input'],
  ): Promise<Operations[Name]['output']> =>
    awsJson({
      service: service.service,
      endpoint: service.endpoint?.(),
      target: `${service.target}.${operation}`,
      version: service.version,
      input,
    });
