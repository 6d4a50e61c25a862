/**
 * What each bot page says and which buttons it has (spec: Trendex classic, Zeno, Alpha, Candles,
 * Zeno 3X, Candles 3X, Glint ETH, Nero, Quant). Capital, leverage, symbol and the one-line summary
 * come from the server (getBots); the words around them live here.
 */
import type { BotName } from '#api/bots';
import type { PageBotId } from '#api/schemas/bots';

/** Which buttons the page shows (spec section 4). */
export type DeployStyle = 'usdc' | 'plain' | 'activate';

export interface PageBot {
  id: PageBotId;
  path: string;
  description: string;
  tags: string[];
  style: DeployStyle;
  created?: string;
  faq?: { q: string; a: string }[];
}

const futuresFaq = [
  {
    q: 'Where does the bot trade?',
    a: 'On your own Binance USD-M futures account, through the API key you connected on the Exchange page. Trendex never holds your trading funds.',
  },
  {
    q: 'What happens when I undeploy?',
    a: 'The bot cancels its resting orders and closes its open position at the market price. Profit or loss up to then is yours.',
  },
  {
    q: 'What does Deploy as USDC change?',
    a: 'The bot trades the USDC-margined contract instead of the USDT one; your futures account needs the capital in USDC.',
  },
];

/** The signal bots' pages, by route. */
export const SIGNAL_BOTS: PageBot[] = [
  {
    id: 'zeno',
    path: '/zeno',
    description:
      'Zeno follows the trend: it goes long when the 20-period EMA crosses above the 50-period EMA and short when it crosses below, and trails every position with a stop three ATRs away.',
    tags: ['Future', '1x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'candles',
    path: '/coindb',
    description:
      'Candles trades candlestick patterns: engulfing and hammer candles in the direction of the 200-period EMA trend, with a stop 1.5 ATRs away and a target at 3 ATRs.',
    tags: ['Future', '1x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'zeno3x',
    path: '/zeno3x',
    description:
      "Zeno 3X is Zeno's trend following at 3x leverage: the same EMA 20/50 signals and ATR trailing stop, with three times the exposure per unit of margin.",
    tags: ['Future', '3x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'candles3x',
    path: '/candle3x',
    description:
      "Candles 3X is Candles' pattern trading at 3x leverage: engulfing and hammer candles with the EMA-200 trend filter, three times the exposure per unit of margin.",
    tags: ['Future', '3x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'glint',
    path: '/glint',
    description:
      'Glint trades ETHUSDT breakouts: a long when the price closes above the highest high of the last 20 candles, a short below the lowest low (Donchian-20).',
    tags: ['Future', 'ETH', 'Market'],
    style: 'plain',
  },
  {
    id: 'nero',
    path: '/nero',
    description:
      'Nero trades momentum: MACD crossings, taken only while the ADX shows a trending market, with a stop per position.',
    tags: ['Future', 'Market'],
    style: 'plain',
    created: '14 Sept 2024',
  },
  {
    id: 'quant',
    path: '/quant',
    description:
      'Quant trades mean reversion: it enters when the price is far from its average in z-score terms and sizes each position to a volatility target.',
    tags: ['Future', 'Market'],
    style: 'plain',
    created: '19 Sept 2024',
  },
  {
    id: 'alfa',
    path: '/alfa',
    description:
      'Alpha Intelligence buys oversold and sells overbought markets: RSI and Bollinger Bands mean reversion on futures without leverage, with an ATR stop on every position.',
    tags: ['Future'],
    style: 'activate',
    created: '25 Jan 2023',
  },
];

export const signalBotByPath = (path: string): PageBot | undefined =>
  SIGNAL_BOTS.find((b) => b.path === path);

/** The page of every bot the marketplace lists (the DCA family shares /dca). */
export const pageOf = (bot: BotName): string => {
  if (bot === 'classic') return '/classic';
  const signal = SIGNAL_BOTS.find((b) => b.id === bot);
  return signal ? signal.path : '/dca';
};
