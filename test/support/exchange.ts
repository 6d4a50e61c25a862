/** Helpers for the exchange tests: paper accounts and the mailed binding code. */
import { call, outbox, stack } from './api';

export interface PaperKey {
  apiKey: string;
  secret: string;
}

export const paperAccount = async (
  opts: {
    exchange?: 'binance' | 'wazirx';
    /** 'ed25519': the secret answered is the key's Ed25519 private key (PEM). */
    keyType?: 'hmac' | 'ed25519';
    canWithdraw?: boolean;
    ipRestrict?: boolean;
    spot?: Record<string, number>;
    futuresUsdt?: number;
  } = {},
): Promise<PaperKey> => {
  const response = await fetch(`${stack().webUrl}/paper/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(opts),
  });
  if (response.status !== 201) throw new Error(`paper account: ${response.status}`);
  return (await response.json()) as PaperKey;
};

/** Asks for the binding code and reads it from the outbox. */
export const bindingCode = async (email: string, idToken: string): Promise<string> => {
  const before = (await outbox(email)).length;
  const sent = await call('requestExchangeOtp', {}, idToken);
  if (sent.status !== 200) throw new Error(`otp: ${JSON.stringify(sent.body)}`);
  const mails = await outbox(email);
  if (mails.length <= before) throw new Error('no code mailed');
  const newest = mails.find((m) => /code is \d{6}/.test(m.text) && /exchange/i.test(m.subject)) ?? mails[0];
  return /(\d{6})/.exec(newest.text)![1];
};
