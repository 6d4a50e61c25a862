/**
 * The ticker's symbols, in the order it shows them (read from Binance by the server and the browser
 * alike). Plain data, no zod: the ticker is in the web app's frame.
 */
export const TICKER_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'BNBUSDT'] as const;

/**
 * The symbols the platform trades and the decimals of their price (Binance's PRICE_FILTER tick
 * size, 10^-decimals): the paper exchange quotes with them and the web app writes prices with them.
 */
export const PRICE_DECIMALS: Readonly<Record<string, number>> = {
  BTCUSDT: 2,
  ETHUSDT: 2,
  XRPUSDT: 4,
  BNBUSDT: 2,
};
