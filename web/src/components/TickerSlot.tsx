/** Market ticker slot under the navbar on every page; the ticker issue renders BTC/ETH/XRP/BNB here. */
export const TickerSlot = () => null;
