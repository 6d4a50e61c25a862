/**
 * Lambda's Invoke (POST /2015-03-31/functions/{name}/invocations), as the signed request its SDK
 * client sends (./aws-call.ts; the client is 71 KB of a bundle for this one operation). In the
 * local stack LAMBDA_ENDPOINT is the gateway, which runs the named function's handler in-process.
 */
import { awsCall, AwsCallError } from './aws-call';

/**
 * Runs a function and answers what it returned (`RequestResponse`), or hands it the event and
 * answers once Lambda has queued the run (`Event`). A function that threw throws here, named by
 * its error's type.
 */
export const invoke = async <T = unknown>(
  functionName: string,
  payload: unknown,
  type: 'RequestResponse' | 'Event' = 'RequestResponse',
): Promise<T> => {
  const { headers, text } = await awsCall({
    service: 'lambda',
    endpoint: process.env.LAMBDA_ENDPOINT,
    path: `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`,
    headers: { 'content-type': 'application/json', 'x-amz-invocation-type': type },
    body: JSON.stringify(payload),
  });
  if (headers.get('x-amz-function-error')) {
    const failure = JSON.parse(text || '{}') as { errorType?: string; errorMessage?: string };
    throw new AwsCallError(failure.errorType ?? 'FunctionError', failure.errorMessage ?? text, 200);
  }
  return (text ? JSON.parse(text) : undefined) as T;
};
