import { BOT_ID_LIST, BOT_NAMES } from '../../api/bots';
import type { Market, ShippedStrategy } from '../types';
import tuned from './tuned-params.json';
import { alphaStrategy, type AlphaParams } from './alpha';
import { candlesStrategy, type CandlesParams } from './candles';
import { dcaStrategy, type DcaParams } from './dca';
import { dcaPresetParams, type DcaPreset } from './dca-presets';
import { glintStrategy, type GlintParams } from './glint';
import { gridStrategy, type GridParams } from './grid';
import { neroStrategy, type NeroParams } from './nero';
import { quantStrategy, type QuantParams } from './quant';
import { NO_REGIME } from './regime';
import { NO_VOLATILITY_TARGET } from './volatility';
import { zenoStrategy, type ZenoParams } from './zeno';

/** The bots' ids, in the product's order: the contract's list (api/bots.ts), which names them. */
export const BOT_IDS = BOT_ID_LIST;

export type BotId = (typeof BOT_IDS)[number];
type BotKind = 'dca' | 'grid' | 'signal';

/** What the bot pages and the executor need to know about a bot, without its code. */
interface BotMeta {
  readonly id: BotId;
  readonly name: string;
  readonly kind: BotKind;
  readonly market: Market;
  /** Capital the bot is designed for (USDT); DCA bots run on the member's amount, this is the default. */
  readonly capital: number;
  readonly leverage: number;
  readonly symbol: string;
  readonly interval: '1h' | '15m';
  readonly summary: string;
}

interface BotDefinition<P extends object, S extends object> extends BotMeta {
  /** A shipped design states the history it needs (`warmUp`): a live deployment gets it. */
  readonly strategy: ShippedStrategy<P, S>;
  /** The shipped parameters: the hand-set ones with the research's choice over them. */
  readonly defaultParams: P;
  /**
   * The hand-set parameters alone: every research candidate is run over these, never over the
   * shipped choice, so a selection does not depend on the one before it.
   */
  readonly baseParams: P;
}

/** A definition with its parameter and state types erased (strategy methods are bivariant). */
type AnyBotDefinition = BotDefinition<object, object>;

const zenoParams = (leverage: number): ZenoParams => ({
  fastPeriod: 20,
  slowPeriod: 50,
  atrPeriod: 14,
  trailAtr: 3,
  riskPct: 1,
  leverage,
  fraction: 0.95,
  ...NO_REGIME,
  ...NO_VOLATILITY_TARGET,
});

const candlesParams = (leverage: number): CandlesParams => ({
  trendPeriod: 200,
  atrPeriod: 14,
  stopAtr: 1.5,
  targetAtr: 3,
  riskPct: 1,
  leverage,
  fraction: 0.95,
  ...NO_REGIME,
  ...NO_VOLATILITY_TARGET,
});

const MANUAL_DCA: DcaParams = {
  initial: 50,
  stages: [
    { timesX: 1, per: 2 },
    { timesX: 2, per: 3 },
    { timesX: 3, per: 4 },
    { timesX: 4, per: 5 },
    { timesX: 5, per: 6 },
  ],
  takeProfitPct: 2,
  oneShot: false,
  stepUnit: 'percent',
  atrPeriod: 14,
  entryRsiBelow: null,
  rsiPeriod: 14,
  stopLossPct: 30,
  riskPct: 10,
};

const ALPHA: AlphaParams = {
  rsiPeriod: 14,
  oversold: 30,
  overbought: 70,
  bandPeriod: 20,
  bandWidth: 2,
  atrPeriod: 14,
  stopAtr: 2,
  riskPct: 1,
  leverage: 1,
  fraction: 0.95,
  ...NO_REGIME,
  ...NO_VOLATILITY_TARGET,
};

const GRID: GridParams = {
  capital: 1000,
  levels: 20,
  rangePct: 10,
  recenter: true,
  stopLossPct: 10,
  riskPct: 10,
};
const GLINT: GlintParams = {
  entryPeriod: 20,
  exitPeriod: 10,
  riskPct: 1,
  leverage: 1,
  fraction: 0.95,
  ...NO_REGIME,
  ...NO_VOLATILITY_TARGET,
};
const NERO: NeroParams = {
  fastPeriod: 12,
  slowPeriod: 26,
  signalPeriod: 9,
  adxPeriod: 14,
  adxMin: 25,
  atrPeriod: 14,
  stopAtr: 3,
  riskPct: 1,
  leverage: 3,
  fraction: 0.95,
  ...NO_REGIME,
  ...NO_VOLATILITY_TARGET,
};
const QUANT: QuantParams = {
  zPeriod: 48,
  entryZ: 2,
  exitZ: 0.5,
  stopZ: 4,
  volPeriod: 168,
  targetVol: 0.6,
  follow: false,
  riskPct: 1,
  leverage: 3,
  fraction: 0.95,
  ...NO_REGIME,
};

const DCA_CAPITAL = 1000;
const spotDca = (id: BotId, params: DcaParams, summary: string): BotDefinition<DcaParams, object> =>
  def({
    id,
    kind: 'dca',
    market: 'spot',
    capital: DCA_CAPITAL,
    leverage: 1,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary,
    strategy: dcaStrategy,
    defaultParams: params,
  });

/**
 * The parameters scripts/search-parameters.ts chose on the in-sample period, per bot (only the keys
 * it searched); they override the hand-set values above.
 */
const TUNED: Partial<Record<BotId, Record<string, unknown>>> = tuned.chosen;

/** A bot's definition, named as the contract names it (api/bots.ts), with its tuned parameters. */
function def<P extends object, S extends object>(
  d: Omit<BotDefinition<P, S>, 'name' | 'baseParams'>,
): BotDefinition<P, S> {
  return Object.freeze({
    ...d,
    name: BOT_NAMES[d.id],
    baseParams: d.defaultParams,
    defaultParams: { ...d.defaultParams, ...TUNED[d.id] },
  });
}

/** Every bot of the product, keyed by id (the ids the web routes and the API use). */
export const BOTS: { readonly [K in BotId]: AnyBotDefinition } = {
  dca: spotDca('dca', MANUAL_DCA, 'Your own ladder of up to 15 buys, sold at a take profit'),
  universal: spotDca('universal', dcaPresetParams('universal', DCA_CAPITAL), 'DCA with fixed 2 % steps'),
  aibot: spotDca('aibot', dcaPresetParams('aibot', DCA_CAPITAL), 'DCA with ATR-scaled steps'),
  dcaking: spotDca('dcaking', dcaPresetParams('dcaking', DCA_CAPITAL), 'Martingale DCA, 1.5x over 10 stages'),
  dcaairobot: spotDca(
    'dcaairobot',
    dcaPresetParams('dcaairobot', DCA_CAPITAL),
    'DCA opened only when RSI is oversold',
  ),
  classic: def({
    id: 'classic',
    kind: 'grid',
    market: 'spot',
    capital: 1000,
    leverage: 1,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary: 'Geometric spot grid: buy a level, sell one level up',
    strategy: gridStrategy,
    defaultParams: GRID,
  }),
  alfa: def({
    id: 'alfa',
    kind: 'signal',
    market: 'futures',
    capital: 300,
    leverage: 1,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary: 'RSI + Bollinger dip buying, long only above its 100-day trend, with an ATR stop',
    strategy: alphaStrategy,
    defaultParams: ALPHA,
  }),
  zeno: def({
    id: 'zeno',
    kind: 'signal',
    market: 'futures',
    capital: 50,
    leverage: 1,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary:
      'EMA 20/100 trend following, long and short with the daily 50-day trend, sized for 30 % volatility',
    strategy: zenoStrategy,
    defaultParams: zenoParams(1),
  }),
  zeno3x: def({
    id: 'zeno3x',
    kind: 'signal',
    market: 'futures',
    capital: 50,
    leverage: 3,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary: 'EMA 20/50 trend following at 3x, trading only with its 25-day trend, ATR trailing stop',
    strategy: zenoStrategy,
    defaultParams: zenoParams(3),
  }),
  candles: def({
    id: 'candles',
    kind: 'signal',
    market: 'futures',
    capital: 50,
    leverage: 1,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary: 'Engulfing and hammer patterns, long only above its EMA 200 and the daily 20-day trend',
    strategy: candlesStrategy,
    defaultParams: candlesParams(1),
  }),
  candles3x: def({
    id: 'candles3x',
    kind: 'signal',
    market: 'futures',
    capital: 50,
    leverage: 3,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary: 'Engulfing and hammer patterns, long only with its EMA 200 and the daily 20-day trend, at 3x',
    strategy: candlesStrategy,
    defaultParams: candlesParams(3),
  }),
  glint: def({
    id: 'glint',
    kind: 'signal',
    market: 'futures',
    capital: 50,
    leverage: 1,
    symbol: 'ETHUSDT',
    interval: '1h',
    summary: 'Donchian-20 breakout on ETHUSDT with the daily 50-day trend, sized for 30 % volatility',
    strategy: glintStrategy,
    defaultParams: GLINT,
  }),
  nero: def({
    id: 'nero',
    kind: 'signal',
    market: 'futures',
    capital: 1500,
    leverage: 3,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary:
      'Slow MACD (48/104/36) momentum with an ADX filter and the daily 20-day trend, sized for 30 % volatility',
    strategy: neroStrategy,
    defaultParams: NERO,
  }),
  quant: def({
    id: 'quant',
    kind: 'signal',
    market: 'futures',
    capital: 1500,
    leverage: 3,
    symbol: 'BTCUSDT',
    interval: '1h',
    summary:
      'z-score momentum: follows a 1.5-sigma stretch with the daily 50-day trend, sized for a volatility target',
    strategy: quantStrategy,
    defaultParams: QUANT,
  }),
};

/**
 * An automatic DCA bot's parameters for the member's amount: its shipped parameters (the ones its
 * backtest ran), with the base order sized so that a cycle filling every stage spends `amount`.
 */
export function presetParamsFor(preset: DcaPreset, amount: number): DcaParams {
  return { ...(BOTS[preset].defaultParams as DcaParams), initial: dcaPresetParams(preset, amount).initial };
}

export function isBotId(id: string): id is BotId {
  return (BOT_IDS as readonly string[]).includes(id);
}

export function getBot(id: BotId): AnyBotDefinition {
  return BOTS[id];
}

/**
 * The least history a live deployment replays before its first candle: what every design needed
 * before the regime filters (Candles' EMA 200), kept so that short-period designs see the same.
 */
export const MIN_WARM_UP_CANDLES = 300;

/**
 * Candles of history a deployment of bot `id` with `params` (over its shipped ones) replays before
 * its first candle: what its strategy needs for every indicator to be defined, at least
 * MIN_WARM_UP_CANDLES. With less, a fresh deployment would sit out while its slow filter warms up
 * (up to 100 days for Alpha's) where its backtest, over years of history, trades at once.
 */
export function warmUpCandles(id: BotId, params: Readonly<Record<string, unknown>> = {}): number {
  const bot = BOTS[id];
  return Math.max(MIN_WARM_UP_CANDLES, bot.strategy.warmUp({ ...bot.defaultParams, ...params }));
}

/** The registry without code: safe to serialise for the web and the API. */
function botMeta(id: BotId): BotMeta {
  const { strategy: _strategy, defaultParams: _params, baseParams: _base, ...meta } = BOTS[id];
  return meta;
}

export const BOT_LIST: readonly BotMeta[] = BOT_IDS.map(botMeta);
