/**
 * The plans on offer: name, price in whole USDT and the wallet that pays. One source for the
 * server (functions/core/config.ts charges these) and the web app (the pricing page shows them).
 */
export const planOffers = {
  executive: { name: 'Executive', priceUsdt: 180, wallet: 'wallet', referralDailyLimitUsdt: 230 },
  imperial: { name: 'Imperial Package', priceUsdt: 250, wallet: 'wallet', referralDailyLimitUsdt: 320 },
  upgrade: { name: 'Upgrade to Imperial', priceUsdt: 20, wallet: 'wallet' },
  core: { name: 'Trendex Core', priceUsdt: 100, wallet: 'wallet1' },
  premiumCore: { name: 'Premium Trendex Core', priceUsdt: 250, wallet: 'wallet1' },
} as const;
