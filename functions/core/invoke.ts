/**
 * Lambda's Invoke through the SDK's own client. In the local stack LAMBDA_ENDPOINT is the gateway,
 * which runs the named function's handler in-process and answers as Lambda does.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { clientOptions, lazyClient } from './aws-clients';

const lambda = lazyClient((endpoint) => new LambdaClient(clientOptions(endpoint)), 'LAMBDA_ENDPOINT');

/** A function that threw: named by its error's type, as Lambda reports it. */
export class FunctionError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

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
  const answer = await lambda().send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: type,
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  const text = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
  if (answer.FunctionError) {
    const failure = JSON.parse(text || '{}') as { errorType?: string; errorMessage?: string };
    throw new FunctionError(failure.errorType ?? 'FunctionError', failure.errorMessage ?? text);
  }
  return (text ? JSON.parse(text) : undefined) as T;
};
