import { MarketTicker } from './MarketTicker';

/** Market ticker slot under the navbar on every page: BTC/ETH/XRP/BNB, live (see MarketTicker). */
export const TickerSlot = () => <MarketTicker />;
