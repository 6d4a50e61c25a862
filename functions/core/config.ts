/**
 * Every price, limit, rate and period of Trendex, in one place. Money is integer micro-USDT
 * (see money.ts); durations are in the unit their name says.
 */
import { planOffers } from '#api/plans';
import { usdt } from '#api/money';
import { TICKER_SYMBOLS } from '#api/markets';

export const config = {
  plans: {
    executive: {
      ...planOffers.executive,
      price: usdt(planOffers.executive.priceUsdt),
      referralDailyLimit: usdt(planOffers.executive.referralDailyLimitUsdt),
    },
    imperial: {
      ...planOffers.imperial,
      price: usdt(planOffers.imperial.priceUsdt),
      referralDailyLimit: usdt(planOffers.imperial.referralDailyLimitUsdt),
    },
    upgrade: { ...planOffers.upgrade, price: usdt(planOffers.upgrade.priceUsdt) },
    core: { ...planOffers.core, price: usdt(planOffers.core.priceUsdt) },
    premiumCore: { ...planOffers.premiumCore, price: usdt(planOffers.premiumCore.priceUsdt) },
  },
  /** The spec's 45-day countdown became configurable; the pricing page says "per year". */
  planPeriodDays: Number(process.env.PLAN_PERIOD_DAYS ?? 365),
  referral: { directBonusRate: 0.1, binaryBonusRate: 0.1 },
  profitChargeRate: 0.2,
  withdraw: { minimum: usdt(10), otpDigits: 6, otpTtlMinutes: 10, otpMaxTries: 5 },
  deposit: {
    minimum: usdt(1),
    maximum: usdt(100_000),
    /** An invoice not paid within this long is closed by the reconciliation schedule. */
    invoiceTtlHours: 24,
    /** The coin the provider quotes invoices in and pays withdrawals with. */
    payCurrency: 'usdtbsc',
  },
  wallet: { pageSize: 10 },
  auth: {
    verifyTokenTtlHours: 48,
    /** A username reserved by a sign-up that was never verified is freed after this long. */
    reservationTtlHours: 48,
  },
  notifications: { pageSize: 20 },
  /**
   * Abuse limits: at most `max` within a fixed window of `windowMinutes`, counted per `subject`
   * (a member, an e-mail address or a caller's IP). Why each number: docs/decisions/
   * auth-and-security.md, "Abuse limits are counted in the table".
   */
  limits: {
    /** New one-time codes per member and purpose (withdrawal, exchange). */
    otpIssue: { max: 5, windowMinutes: 60 },
    /** Wrong one-time codes per member per day, across re-issued codes: the brute-force budget. */
    otpFailures: { max: 10, windowMinutes: 24 * 60 },
    /** Verification mails (sign-up and resend) per e-mail address. */
    verifyMail: { max: 3, windowMinutes: 60 },
    /** Password-reset mails per e-mail address. */
    resetMail: { max: 3, windowMinutes: 60 },
    /** Wrong or stale reset-link codes per e-mail address (Cognito limits them too in AWS). */
    resetTries: { max: 5, windowMinutes: 60 },
    /** Contact Us messages per sender e-mail. */
    contact: { max: 3, windowMinutes: 60 },
    /** Contact Us messages per caller IP (an office or a mobile carrier's NAT is many people). */
    contactIp: { max: 20, windowMinutes: 60 },
    /** Referral-id checks (the sign-up page's sponsor lookup) per caller IP. */
    sponsorCheck: { max: 60, windowMinutes: 10 },
  },
  images: { maxBytes: 500_000 },
  /**
   * Manual wallet credits (admin profile edit) one admin may make in a UTC day: a stolen admin
   * session, or a slip of the finger, cannot mint more than this. Debits are not capped.
   */
  admin: { dailyCreditCap: usdt(Number(process.env.ADMIN_DAILY_CREDIT_CAP_USDT ?? 10_000)) },
  ranks: { min: 1, max: 11, supportFrom: 3 },
  exchange: {
    /**
     * The IPs members whitelist on their exchange key: in AWS the NAT gateway's Elastic IPs, which
     * the stack sets comma-separated; the local stack's calls leave from 127.0.0.1.
     */
    whitelistIps: (process.env.EXCHANGE_WHITELIST_IP ?? '127.0.0.1').split(',').map((ip) => ip.trim()),
    /**
     * Set by the CDK stack only (calls leave from those fixed IPs there): a Binance key must be
     * restricted to trusted IPs before it is bound.
     */
    requireIpRestrict: process.env.EXCHANGE_REQUIRE_IP_RESTRICT === 'true',
    /** Time limit of one exchange call. */
    timeoutMs: 10_000,
    /**
     * The local stack's simulated egress IPs: the trading port spreads members over them and sends
     * the chosen one as X-Forwarded-For, which the paper exchange counts weight by. Empty in AWS,
     * where the NAT gateway, not the caller, picks which of its IPs a connection leaves from.
     * Read when asked: the local stack sets it after this module is loaded.
     */
    get simulatedEgressIps(): string[] {
      return (process.env.EXCHANGE_SIMULATED_EGRESS_IPS ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean);
    },
    /**
     * The fleet's share of Binance's request weight per IP and minute (DESIGN.md "What the whole
     * fleet may ask of an exchange"): calls wait for the next minute before 80 % is used, so a
     * burst in flight or a call we did not count never reaches the limit's 429 (nor a 418).
     */
    weightShare: 0.8,
  },
  market: {
    symbols: TICKER_SYMBOLS,
    /** The ticker schedule polls this often inside its one-minute run. */
    pollSeconds: 3,
  },
} as const;

export type PlanId = keyof typeof config.plans;
