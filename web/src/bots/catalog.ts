/**
 * What each bot page says and which buttons it has (spec: Trendex classic, Zeno, Alpha, Candles,
 * Zeno 3X, Candles 3X, Glint ETH, Nero, Quant). Capital, leverage, symbol, the summary, the
 * description and parameters (written from the strategy's definition) and the evidence come from the
 * server (getBots); the words around them live here.
 */
import type { BotName } from '#api/bots';
import type { PageBotId } from '#api/schemas/bots';

/** Which buttons the page shows (spec section 4). */
export type DeployStyle = 'usdc' | 'plain' | 'activate';

export interface PageBot {
  id: PageBotId;
  path: string;
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
    tags: ['Future', '1x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'candles',
    path: '/coindb',
    tags: ['Future', '1x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'zeno3x',
    path: '/zeno3x',
    tags: ['Future', '3x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'candles3x',
    path: '/candle3x',
    tags: ['Future', '3x leverage', 'Market'],
    style: 'usdc',
    faq: futuresFaq,
  },
  {
    id: 'glint',
    path: '/glint',
    tags: ['Future', 'ETH', 'Market'],
    style: 'plain',
  },
  {
    id: 'nero',
    path: '/nero',
    tags: ['Future', 'Market'],
    style: 'plain',
    created: '14 Sept 2024',
  },
  {
    id: 'quant',
    path: '/quant',
    tags: ['Future', 'Market'],
    style: 'plain',
    created: '19 Sept 2024',
  },
  {
    id: 'alfa',
    path: '/alfa',
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
