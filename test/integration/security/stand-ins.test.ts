/**
 * The local stand-ins of AWS services check signatures as AWS's IAM does, like the Lambda Invoke
 * stand-in: someone on the machine who posts to the WebSocket Management endpoint (pushing to any
 * member's open pages) or to the local SQS queue (feeding the order executor) without the stack's
 * key is refused, unsigned or signed with another key.
 */
import { describe, expect, it } from 'vitest';
import { stack } from '../../support/api';
import { signedPost } from '../../support/signed';

const url = (path: string) => new URL(`${stack().webUrl}${path}`);

describe('local stand-ins of AWS services', () => {
  it('the WebSocket Management endpoint refuses unsigned and foreign-signed pushes', async () => {
    const push = JSON.stringify({ type: 'notification', message: 'Your withdrawal is approved.' });
    const path = '/ws-management/@connections/someone';
    const unsigned = await fetch(url(path), { method: 'POST', body: push });
    expect(unsigned.status).toBe(403);
    const forged = await signedPost(url(path), { service: 'execute-api', secret: 'not-the-key', body: push });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('x-amzn-errortype')).toBe('ForbiddenException');
    // signed with the stack's key, the post is served: nobody is connected as "someone", so 410 Gone
    const genuine = await signedPost(url(path), { service: 'execute-api', secret: 'local', body: push });
    expect(genuine.status).toBe(410);
    expect(genuine.headers.get('x-amzn-errortype')).toBe('GoneException');
  });

  it('the local SQS queue refuses unsigned and foreign-signed sends', async () => {
    const send = {
      QueueUrl: `${stack().webUrl}/000000000000/trendex-orders.fifo`,
      MessageBody: JSON.stringify({ deploymentId: 'forged' }),
      MessageGroupId: 'forged',
    };
    const headers = { 'x-amz-target': 'AmazonSQS.SendMessage', 'content-type': 'application/x-amz-json-1.0' };
    const unsigned = await fetch(url('/'), { method: 'POST', headers, body: JSON.stringify(send) });
    expect(unsigned.status).toBe(403);
    const forged = await signedPost(url('/'), {
      service: 'sqs',
      secret: 'not-the-key',
      body: JSON.stringify(send),
      headers,
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('x-amzn-errortype')).toBe('com.amazonaws.sqs#AccessDenied');
  });
});
