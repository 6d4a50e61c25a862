/**
 * E-mailed one-time codes for sensitive actions (withdrawals, exchange key binding): 6 digits,
 * valid 10 minutes, 5 tries, stored only as a salted hash, one live code per purpose and member
 * (a new code replaces the old). Codes are never logged or returned.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { nowSeconds } from './clock';
import { config } from './config';
import { badRequest, messages } from './errors';
import { sendMail } from './mail';
import { assertLeft, spend, take } from './rate-limit';
import type { TransactItem } from './db';
import { deleteOtp, markOtpChecked, otpUseItem, putOtp, spendOtpTry } from './store';

type OtpPurpose = 'withdraw' | 'exchange';
type OtpResult = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'missing';

const { otpDigits, otpTtlMinutes, otpMaxTries } = config.withdraw;

const hash = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest();

const LABEL: Record<OtpPurpose, string> = { withdraw: 'withdrawal', exchange: 'exchange connection' };

/** Makes a new code, stores its hash and mails it; any earlier code of this purpose stops working. */
export const issue = async (purpose: OtpPurpose, memberId: string, email: string): Promise<void> => {
  await take('otpIssue', `${purpose}#${memberId}`);
  const code = String(randomInt(0, 10 ** otpDigits)).padStart(otpDigits, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = nowSeconds() + otpTtlMinutes * 60;
  await putOtp(purpose, memberId, {
    salt,
    hash: hash(salt, code).toString('hex'),
    tries: 0,
    expiresAt,
    ttl: expiresAt + 3600,
  });
  await sendMail({
    to: email,
    subject: `Your Trendex ${LABEL[purpose]} code`,
    text: `Your one-time code is ${code}. It is valid for ${otpTtlMinutes} minutes. If you did not ask for it, ignore this e-mail and change your password.`,
  });
};

/** A right, live code, not used yet: `salt` names it, so only this code's use can delete it. */
type Matched = { result: 'ok'; salt: string } | { result: Exclude<OtpResult, 'ok'> };

/**
 * Checks a code without using it. Each check spends one try (counted atomically, so parallel
 * guesses cannot exceed the limit). Wrong codes also spend the member's daily budget, which a new
 * code does not renew: 429 once it is spent.
 */
const match = async (purpose: OtpPurpose, memberId: string, code: string): Promise<Matched> => {
  await assertLeft('otpFailures', memberId);
  const item = await spendOtpTry(purpose, memberId, otpMaxTries);
  // No try to spend: either there is no code or its tries are spent.
  if (!item)
    return { result: (await markOtpChecked(purpose, memberId, nowSeconds())) ? 'exhausted' : 'missing' };
  if (item.expiresAt < nowSeconds()) return { result: 'expired' };
  const expected = Buffer.from(item.hash, 'hex');
  const given = hash(item.salt, code.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await spend('otpFailures', memberId);
    return { result: 'wrong' };
  }
  return { result: 'ok', salt: item.salt };
};

const MESSAGES: Record<Exclude<OtpResult, 'ok'>, string> = {
  wrong: messages.otpWrong,
  expired: messages.otpExpired,
  exhausted: messages.otpExhausted,
  missing: messages.otpMissing,
};

const refusal = (result: Exclude<OtpResult, 'ok'>) =>
  badRequest(`OTP_${result.toUpperCase()}`, MESSAGES[result], 'otp');

/** Spends the member's code for `purpose`; anything but the right, live code is a 400 on the `otp` field. */
export const requireCode = async (purpose: OtpPurpose, memberId: string, code: string): Promise<void> => {
  const matched = await match(purpose, memberId, code);
  if (matched.result !== 'ok') throw refusal(matched.result);
  // Gone meanwhile: a parallel request used it a moment ago.
  if (!(await deleteOtp(purpose, memberId, matched.salt))) throw refusal('missing');
};

/**
 * Checks the member's code for `purpose` and answers its use as an item of the action's own
 * transaction: the code is spent if, and only if, the action commits (a withdrawal's hold).
 */
export const codeUseItem = async (
  purpose: OtpPurpose,
  memberId: string,
  code: string,
): Promise<TransactItem> => {
  const matched = await match(purpose, memberId, code);
  if (matched.result !== 'ok') throw refusal(matched.result);
  return otpUseItem(purpose, memberId, matched.salt);
};
