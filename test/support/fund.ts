/** Test helpers: top up through the real path (invoice, simulator pays, signed callback). */
import { randomUUID } from 'node:crypto';
import { call, outbox, stack } from './api';

export const payInSimulator = async (paymentId: string, replay = false): Promise<string> => {
  const response = await fetch(`${stack().webUrl}/dev/payments/pay/${paymentId}${replay ? '/replay' : ''}`, {
    method: 'POST',
  });
  return response.text();
};

export const topUp = async (idToken: string, amount: string, wallet: 'wallet' | 'wallet1' = 'wallet') => {
  const invoice = await call('createInvoice', { amount, wallet, requestId: randomUUID() }, idToken);
  if (invoice.status !== 201) throw new Error(`invoice failed: ${JSON.stringify(invoice.body)}`);
  await payInSimulator(String(invoice.body.paymentId));
  return invoice.body;
};

/** The newest withdrawal code mailed to this address. */
export const mailedOtp = async (email: string): Promise<string | null> => {
  for (const mail of await outbox(email)) {
    const match = /one-time code is (\d{6})/.exec(mail.text);
    if (match) return match[1];
  }
  return null;
};

export const useLocalTable = () =>
  Object.assign(process.env, {
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: stack().tableName,
    DYNAMODB_ENDPOINT: stack().dynamoEndpoint,
  });
