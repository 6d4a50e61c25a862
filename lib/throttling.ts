/**
 * THE limits on request rates at the edge of the REST API: API Gateway's throttling (all callers
 * together) and the WAF's rate-based rules (per client IP). They are coarse: a flood stops here
 * before it costs a Lambda run. The fine limits (per member, per e-mail: codes, mails, contact
 * messages) are the functions' own counters.
 */
import type { ApiRoute } from './constructs/api';

/**
 * The whole stage: steady requests per second and the burst above it. About 50 members clicking
 * at once each page's 5-10 calls fits in the burst; the cap keeps a flood from taking every Lambda
 * concurrency slot the account has (1,000 by default), which the schedules, the order executor
 * and the Cognito triggers share.
 */
export const STAGE_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

export interface PublicLimit {
  /** What the limit protects, in a word for the WAF's metric and rule names. */
  name: string;
  /** The WAF: requests from one IP address in 5 minutes, then refused for as long as it stays over. */
  perIpPer5Minutes: number;
  /** API Gateway: steady requests per second on each of these routes, all callers together, and the burst. */
  rateLimit: number;
  burstLimit: number;
}

/**
 * The public routes (no sign-in, so nothing else slows a caller down), by the first segment of
 * their path. A public route under any other segment fails the synth: its limits are a decision.
 */
const PUBLIC_LIMITS: Record<string, PublicLimit> = {
  // Sign-up, sponsor check, verification and reset mails: one person needs a dozen calls; 100 in
  // 5 minutes still lets an office or a phone carrier's shared address through.
  auth: { name: 'Auth', perIpPer5Minutes: 100, rateLimit: 20, burstLimit: 40 },
  // The contact form: a handful a day is normal.
  support: { name: 'Contact', perIpPer5Minutes: 10, rateLimit: 5, burstLimit: 10 },
  // The payment provider's signed callbacks (deposits, payouts) come from its few addresses: high
  // enough for a busy hour of theirs, low enough to stop a flood of forged ones (each is an HMAC
  // check and a table read). A callback refused here is not lost: the schedules ask the provider.
  wallet: { name: 'PaymentCallbacks', perIpPer5Minutes: 1000, rateLimit: 50, burstLimit: 100 },
  // The landing page polls the ticker every 3 s (100 calls in 5 minutes a tab).
  market: { name: 'Ticker', perIpPer5Minutes: 600, rateLimit: 100, burstLimit: 200 },
};

/** The limits of a public route. */
export const publicLimitOf = (route: ApiRoute): PublicLimit => {
  const segment = route.path.split('/')[1] ?? '';
  const limit = PUBLIC_LIMITS[segment];
  if (!limit)
    throw new Error(
      `Public route ${route.method} ${route.path}: give /${segment}/* its limits in lib/throttling.ts.`,
    );
  return limit;
};
