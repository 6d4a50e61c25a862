import * as z from 'zod';

/** Spec "Market ticker": last price and 24-hour percent change of BTC, ETH, XRP and BNB against USDT. */
export const TickerItem = z.object({
  symbol: z.string().describe('e.g. BTCUSDT'),
  lastPrice: z.number(),
  changePercent: z.number().describe('24-hour change, percent'),
});
export type TickerItem = z.infer<typeof TickerItem>;

export const Ticker = z.object({
  items: z.array(TickerItem),
  updatedAt: z.string(),
});
export type Ticker = z.infer<typeof Ticker>;
