import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { call, outbox, stack, table } from '../../support/api';

describe('Contact Us', () => {
  it('stores the message, mails it to support and confirms to the sender', async () => {
    const email = `visitor${Date.now()}@example.com`;
    const answer = await call('sendContactMessage', {
      firstName: 'Vera',
      lastName: 'Visitor',
      email,
      country: 'GB',
      mobile: '7700900123',
      message: 'How do I connect my Binance account?',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toContain('reached our support team');
    const mail = (await outbox('support@trendex.local')).find((m) => m.text.includes(email));
    expect(mail?.subject).toBe('Contact form: Vera Visitor');
    expect(mail?.text).toContain('How do I connect my Binance account?');
    const stored = await table().send(
      new QueryCommand({
        TableName: stack().tableName,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': 'CONTACTS' },
      }),
    );
    expect(stored.Items?.some((i) => i.email === email)).toBe(true);
  });

  it('refuses an empty message, naming the field', async () => {
    const answer = await call('sendContactMessage', {
      firstName: 'Vera',
      lastName: 'Visitor',
      email: 'v@example.com',
      country: 'GB',
      mobile: '7700900123',
      message: '',
    });
    expect(answer).toMatchObject({ status: 400, body: { field: 'message' } });
  });
});
