/**
 * Typed domain errors. Services throw these; the middleware maps them to an HTTP status and the
 * user-facing message (spec section 8 where it has one). Anything else is a 500 with a generic
 * message, and the details go to the log only.
 */
export const messages = {
  invalidSponsor: 'Your direct referal id is incorrect.',
  loginFailed: 'Login Credentials are not correct.',
  emailTaken: 'This e-mail is already registered. Log in or reset your password.',
  usernameTaken: 'This username is already taken. Choose another one.',
  invalidPhone: 'Enter a valid mobile number for the chosen country.',
  linkInvalid: 'This link is invalid or has expired. Ask for a new one.',
  signUpExpired:
    'This sign-up has expired or was not made on the Trendex sign-up page. Please sign up again.',
  alreadyVerified: 'This account is already verified. You can log in.',
  passwordUpdated: 'Password Updated Successfully',
  resetLinkSent: 'Reset password link send to email.',
  verifyLinkSent: 'Verify email link send to email.',
  signUpDone: 'Account created. Check your e-mail for the verification link.',
  emailVerified: 'Your e-mail address is verified: you can log in now.',
  contactReceived: 'Thank you: your message has reached our support team.',
  notAuthenticated: 'Please log in to continue.',
  forbidden: 'You do not have access to this page.',
  adminMfaRequired:
    'Admin pages need two-factor authentication. Set it up under Security, then log in again.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  planActivated: 'Plan activated.',
  noWalletBalance: 'You Dont have wallet balance.',
  otpSent: 'OTP sent successfully.',
  otpWrong: 'The OTP is not correct. Check the code in your e-mail.',
  otpExpired: 'The OTP has expired. Generate a new one.',
  otpExhausted: 'Too many wrong OTP attempts. Generate a new one.',
  otpMissing: 'Generate an OTP first; it is sent to your e-mail.',
  withdrawMinimum: 'Minimum withdraw balance is 10$',
  withdrawAddress: 'Enter a valid BEP20 address (0x followed by 40 hex characters, EIP-55 checksum).',
  withdrawBalance: 'The amount is more than your wallet balance.',
  withdrawFailed: 'The payout failed and the amount is back in your wallet. Please try again later.',
  depositAmount: 'Enter an amount between 1 and 100000 USDT.',
  apiKeyNotAdded: 'You api key are not correctly added.',
  exchangeUnknownError: 'An unknown error occurred',
  exchangeWithdrawEnabled:
    'This API key has withdrawal permission. Create a key with withdrawals disabled (reading and trading only) and try again.',
  exchangeIpUnrestricted:
    "Restrict this API key to Trendex's IP addresses (shown on this page) on Binance, then bind it again.",
  exchangeKeyBound: 'Your API key is verified and connected.',
  exchangeKeyRemoved: 'Your API key is removed.',
  exchangeNotConnected: 'Connect your exchange API key first.',
  transferSuccessful: 'Transfer Successful.',
} as const;

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Sent as the Retry-After header: when the same request may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (code: string, message: string, field?: string) =>
  new DomainError(400, code, message, field);
export const unauthorized = () => new DomainError(401, 'UNAUTHENTICATED', messages.notAuthenticated);
export const forbidden = () => new DomainError(403, 'FORBIDDEN', messages.forbidden);
export const notFound = (message: string = messages.notFound) => new DomainError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string, field?: string) =>
  new DomainError(409, code, message, field);
/** Over an abuse limit: says when the caller may try again. */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when =
    minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new DomainError(
    429,
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${when}.`,
    undefined,
    Math.max(1, Math.ceil(retryAfterSeconds)),
  );
};

/** Seconds a client waits before trying again when the store could not be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The table could not be reached (core/db.ts isStoreUnavailable). "Not carried out" only when no
 * write of this request can have taken effect; otherwise the request may be done, and what is safe
 * is to repeat the same request (money requests carry an idempotency key: it moves money once).
 */
export const unavailable = (mayHaveWritten: boolean) =>
  new DomainError(
    503,
    'UNAVAILABLE',
    mayHaveWritten
      ? 'The service is briefly unavailable. Try again in a few seconds; repeating the same request is safe.'
      : 'The service is briefly unavailable. Your request was not carried out; it is safe to try again in a few seconds.',
    undefined,
    UNAVAILABLE_RETRY_AFTER_SECONDS,
  );
