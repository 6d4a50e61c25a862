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
import { deleteOtp, markOtpChecked, putOtp, spendOtpTry } from './store';

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

/**
 * Checks a code. Each check spends one try (counted atomically, so parallel guesses cannot
 * exceed the limit); the right code is used up at once. Wrong codes also spend the member's daily
 * budget, which a new code does not renew: 429 once it is spent.
 */
const verify = async (purpose: OtpPurpose, memberId: string, code: string): Promise<OtpResult> => {
  await assertLeft('otpFailures', memberId);
  const result = await check(purpose, memberId, code);
  if (result === 'wrong') await spend('otpFailures', memberId);
  return result;
};

const check = async (purpose: OtpPurpose, memberId: string, code: string): Promise<OtpResult> => {
  const item = await spendOtpTry(purpose, memberId, otpMaxTries);
  // No try to spend: either there is no code or its tries are spent.
  if (!item) return (await markOtpChecked(purpose, memberId, nowSeconds())) ? 'exhausted' : 'missing';
  if (item.expiresAt < nowSeconds()) return 'expired';
  const expected = Buffer.from(item.hash, 'hex');
  const given = hash(item.salt, code.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'wrong';
  // The right code is used up at once; gone meanwhile, a parallel request used it a moment ago.
  return (await deleteOtp(purpose, memberId, item.salt)) ? 'ok' : 'missing';
};

const MESSAGES: Record<Exclude<OtpResult, 'ok'>, string> = {
  wrong: messages.otpWrong,
  expired: messages.otpExpired,
  exhausted: messages.otpExhausted,
  missing: messages.otpMissing,
};

/** Spends the member's code for `purpose`; anything but the right, live code is a 400 on the `otp` field. */
export const requireCode = async (purpose: OtpPurpose, memberId: string, code: string): Promise<void> => {
  const check = await verify(purpose, memberId, code);
  if (check !== 'ok') throw badRequest(`OTP_${check.toUpperCase()}`, MESSAGES[check], 'otp');
};
