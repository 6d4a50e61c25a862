/**
 * What a bot page says the bot does, and its table of parameters, written from the bot's own
 * definition (the registry's shipped parameters), so the words cannot drift from the code: Zeno's
 * page once said EMA 20/50 while it traded EMA 20/100. Pure.
 */
import { MAX_DCA_STAGES, type DcaParams } from './dca';
import { manualDcaParams } from './dca-presets';
import type { GridParams } from './grid';
import { getBot, type BotId } from './registry';

export interface BotParameter {
  readonly name: string;
  readonly value: string;
}

export interface BotDescription {
  readonly description: string;
  readonly parameters: readonly BotParameter[];
}

type Params = Readonly<Record<string, unknown>>;

const HOURS_PER_DAY = 24;
/** A figure as the page shows it: at most two decimals. */
const num = (x: unknown) => String(Number(Number(x).toFixed(2)));
const candles = (x: unknown) => `${num(x)} hourly candles`;
const days = (period: number) => `${num(period / HOURS_PER_DAY)}-day`;
const pct = (x: unknown) => `${num(x)} %`;

/** The trend filters and the shorts switch, in words (engine/strategies/regime.ts). */
const regimeText = (p: Params): string => {
  const period = Number(p.regimePeriod);
  const sides = p.shorts ? 'long and short' : 'long only';
  const trends = [
    ...(period > 0 ? [`its ${days(period)} trend`] : []),
    ...(Number(p.trendDays) > 0 ? [`the daily chart's ${num(p.trendDays)}-day EMA`] : []),
  ];
  return trends.length > 0 ? `${sides}, only in the direction of ${trends.join(' and ')}` : sides;
};

/** Whether the bot sizes its positions for a volatility target (v4 designs), not by the loss at its stop. */
const volatilityTargeted = (p: Params): boolean => Number(p.targetVol) > 0;

/** How a position is sized, in words: the loss at its stop, or the volatility it aims for. */
const sizingText = (p: Params, where: string): string =>
  volatilityTargeted(p)
    ? `sized to aim at ${pct(Number(p.targetVol) * 100)} yearly volatility`
    : `sized to lose ${pct(p.riskPct)} of capital ${where}`;

/**
 * The parameters every signal bot shares: sizing, leverage and the trend filters. Quant's volatility
 * target only caps its risk-sized position (its own row says so), so it passes `volatilitySized` false.
 */
const commonRows = (p: Params, volatilitySized = volatilityTargeted(p)): BotParameter[] => [
  volatilitySized
    ? {
        name: 'Position size',
        value: `aimed at ${pct(Number(p.targetVol) * 100)} yearly volatility over ${candles(p.volPeriod)}`,
      }
    : { name: 'Loss at the stop (per position)', value: `${pct(p.riskPct)} of capital` },
  { name: 'Leverage', value: `${num(p.leverage)}x` },
  { name: 'Most margin in use', value: `${num(Number(p.fraction) * 100)} % of capital` },
  {
    name: 'Trend filter',
    value:
      Number(p.regimePeriod) > 0
        ? `EMA of ${candles(p.regimePeriod)} (${days(Number(p.regimePeriod))})`
        : 'none',
  },
  {
    name: 'Daily trend confirmation',
    value: Number(p.trendDays) > 0 ? `EMA of ${num(p.trendDays)} daily closes` : 'none',
  },
  { name: 'Opens shorts', value: p.shorts ? 'yes' : 'no' },
];

const row = (name: string, value: string): BotParameter => ({ name, value });

const ladderText = (p: DcaParams): string => {
  const unit = p.stepUnit === 'atr' ? ' ATR' : ' %';
  const steps = p.stages.map((s) => `×${num(s.timesX)} at ${num(s.per)}${unit}`).join(', ');
  return `${p.stages.length + 1} orders: the base order, then ${steps || 'none'}`;
};

function describeDca(name: string, p: DcaParams, manual: boolean): BotDescription {
  const entry =
    p.entryRsiBelow === null
      ? 'opens a cycle with a market buy'
      : `opens a cycle only while RSI(${num(p.rsiPeriod)}) is under ${num(p.entryRsiBelow)}`;
  const steps = p.stepUnit === 'atr' ? 'ATRs' : 'percent';
  const stop =
    p.stopLossPct === null
      ? 'It has no protective stop; the kill switch still guards it.'
      : `The whole position is sold at a protective stop ${pct(p.stopLossPct)} below the first buy, and the orders are scaled down so that this stop loses at most ${pct(p.riskPct)} of the amount.`;
  return {
    description:
      `${name} buys BTCUSDT on spot: it ${entry}, then buys more each time the price falls the set ` +
      `number of ${steps} below the previous buy, and sells everything at ${pct(p.takeProfitPct)} over the ` +
      `average price. ${stop}`,
    parameters: [
      ...(manual ? [row('Orders', `up to ${MAX_DCA_STAGES}, as you set them`)] : []),
      row(
        'Base order',
        manual
          ? 'your initial amount'
          : `your amount ÷ ${num(1 + p.stages.reduce((s, k) => s + k.timesX, 0))}`,
      ),
      row('Ladder', ladderText(p)),
      row('Take profit', `${pct(p.takeProfitPct)} over the average price`),
      row(
        'Entry',
        p.entryRsiBelow === null ? 'at once' : `RSI(${num(p.rsiPeriod)}) under ${num(p.entryRsiBelow)}`,
      ),
      row('Protective stop', p.stopLossPct === null ? 'none' : `${pct(p.stopLossPct)} below the first buy`),
      row(
        'Loss at the stop (whole ladder)',
        p.stopLossPct === null ? 'not limited' : `${pct(p.riskPct)} of the amount`,
      ),
      row('One shot', p.oneShot ? 'yes' : 'no (a new cycle after each take profit)'),
    ],
  };
}

function describeGrid(name: string, p: GridParams): BotDescription {
  return {
    description:
      `${name} lays ${num(p.levels)} geometric price levels over ±${pct(p.rangePct)} around the price on your ` +
      `Binance spot account: it buys when the price falls to a level and sells that lot one level up. ` +
      `Below the range it sells every lot at a protective stop ${pct(p.stopLossPct)} under the lowest level, ` +
      `sized so that this stop loses at most ${pct(p.riskPct)} of the amount, ` +
      `${p.recenter ? 'then rebuilds the grid around the price' : 'and stops'}.`,
    parameters: [
      row('Budget', 'your amount'),
      row('Levels', num(p.levels)),
      row('Range', `±${pct(p.rangePct)} around the price`),
      row('Protective stop', `${pct(p.stopLossPct)} under the lowest level`),
      row('Loss at the stop (every lot bought)', `${pct(p.riskPct)} of the amount`),
      row('Rebuilds around the price', p.recenter ? 'yes' : 'no'),
    ],
  };
}

/** The signal strategies, by the strategy the registry gives the bot. */
const SIGNAL: Record<string, (name: string, p: Params) => BotDescription> = {
  zeno: (name, p) => ({
    description:
      `${name} follows the trend, ${regimeText(p)}: it goes long when EMA ${num(p.fastPeriod)} crosses above ` +
      `EMA ${num(p.slowPeriod)} and short when it crosses below, and trails every position with a stop ` +
      `${num(p.trailAtr)} ATRs from the best close, ${sizingText(p, 'there')}.`,
    parameters: [
      row('Fast EMA', candles(p.fastPeriod)),
      row('Slow EMA', candles(p.slowPeriod)),
      row('Trailing stop', `${num(p.trailAtr)} ATR(${num(p.atrPeriod)}) from the best close`),
      ...commonRows(p),
    ],
  }),
  candles: (name, p) => ({
    description:
      `${name} trades engulfing and hammer candles, ${regimeText(p)}, and only on the side of the ` +
      `EMA ${num(p.trendPeriod)}: a stop ${num(p.stopAtr)} ATRs and a target ${num(p.targetAtr)} ATRs from the ` +
      `entry, ${sizingText(p, 'at the stop')}.`,
    parameters: [
      row('Trend EMA', candles(p.trendPeriod)),
      row('Stop', `${num(p.stopAtr)} ATR(${num(p.atrPeriod)}) from the entry`),
      row('Target', `${num(p.targetAtr)} ATR(${num(p.atrPeriod)}) from the entry`),
      ...commonRows(p),
    ],
  }),
  alfa: (name, p) => ({
    description:
      `${name} buys dips${p.shorts ? ' and sells rallies' : ''}, ${regimeText(p)}: it enters when the close ` +
      `is under the lower ${num(p.bandWidth)}-deviation Bollinger Band (${num(p.bandPeriod)} candles) with ` +
      `RSI(${num(p.rsiPeriod)}) under ${num(p.oversold)}` +
      `${p.shorts ? `, or over the upper band with RSI over ${num(p.overbought)}` : ''}, exits at the middle ` +
      `band, and has a stop ${num(p.stopAtr)} ATRs from the entry, ${sizingText(p, 'there')}.`,
    parameters: [
      row('RSI', `${candles(p.rsiPeriod)}, oversold ${num(p.oversold)}, overbought ${num(p.overbought)}`),
      row('Bollinger Bands', `${candles(p.bandPeriod)}, ${num(p.bandWidth)} deviations`),
      row('Stop', `${num(p.stopAtr)} ATR(${num(p.atrPeriod)}) from the entry`),
      ...commonRows(p),
    ],
  }),
  glint: (name, p) => ({
    description:
      `${name} trades ETHUSDT breakouts, ${regimeText(p)}: a long when the close passes the highest high ` +
      `of the last ${num(p.entryPeriod)} candles${p.shorts ? ', a short under the lowest low' : ''}; a position exits at the ` +
      `other side of the last ${num(p.exitPeriod)} candles, ${sizingText(p, 'there')}.`,
    parameters: [
      row('Breakout channel', candles(p.entryPeriod)),
      row('Exit channel', candles(p.exitPeriod)),
      ...commonRows(p),
    ],
  }),
  nero: (name, p) => ({
    description:
      `${name} trades momentum, ${regimeText(p)}: MACD (${num(p.fastPeriod)}/${num(p.slowPeriod)}/` +
      `${num(p.signalPeriod)}) turning, taken only while ADX(${num(p.adxPeriod)}) is above ${num(p.adxMin)}, ` +
      `with a stop ${num(p.stopAtr)} ATRs from the entry, ${sizingText(p, 'there')}.`,
    parameters: [
      row('MACD', `${num(p.fastPeriod)}/${num(p.slowPeriod)}/${num(p.signalPeriod)} candles`),
      row('ADX', `${candles(p.adxPeriod)}, at least ${num(p.adxMin)}`),
      row('Stop', `${num(p.stopAtr)} ATR(${num(p.atrPeriod)}) from the entry`),
      ...commonRows(p),
    ],
  }),
  quant: (name, p) => ({
    description:
      `${name} trades ${p.follow ? 'with' : 'against'} a stretch of the price, ${regimeText(p)}: it enters ` +
      `when the close is ${num(p.entryZ)} standard deviations from its ${num(p.zPeriod)}-candle mean, exits ` +
      `once it is back within ${num(p.exitZ)}, and gives up at a stop ${num(p.stopZ)} deviations away, sized ` +
      `to lose ${pct(p.riskPct)} of capital there, its exposure aimed at ${num(Number(p.targetVol) * 100)} % ` +
      `yearly volatility.`,
    parameters: [
      row('z-score window', candles(p.zPeriod)),
      row('Entry / exit / stop', `${num(p.entryZ)} / ${num(p.exitZ)} / ${num(p.stopZ)} deviations`),
      row('Direction', p.follow ? 'with the stretch' : 'against the stretch'),
      row('Volatility target', `${num(Number(p.targetVol) * 100)} % a year over ${candles(p.volPeriod)}`),
      ...commonRows(p, false),
    ],
  }),
};

/** Which description each signal bot's strategy gets (its 3X sibling shares it). */
const SIGNAL_OF: Partial<Record<BotId, keyof typeof SIGNAL>> = {
  zeno: 'zeno',
  zeno3x: 'zeno',
  candles: 'candles',
  candles3x: 'candles',
  alfa: 'alfa',
  glint: 'glint',
  nero: 'nero',
  quant: 'quant',
};

/**
 * Whether bot `id` sizes its positions for a yearly volatility (the v4 designs) rather than by the
 * loss at its stop: its stop then caps no fixed share of the capital. Quant's target only caps its
 * risk-sized position, which still loses `riskPct` at most at the stop.
 */
export const sizedForVolatility = (id: BotId): boolean =>
  getBot(id).kind === 'signal' &&
  SIGNAL_OF[id] !== 'quant' &&
  volatilityTargeted(getBot(id).defaultParams as Params);

/** The bot's description and parameters table, from its shipped parameters. */
export function describeBot(id: BotId): BotDescription {
  const bot = getBot(id);
  const params = bot.defaultParams as Params;
  if (bot.kind === 'dca') {
    const dca = params as unknown as DcaParams;
    // The manual DCA runs the member's ladder without a stop: its example ladder, as it would run.
    return id === 'dca'
      ? describeDca(bot.name, manualDcaParams(dca), true)
      : describeDca(bot.name, dca, false);
  }
  if (bot.kind === 'grid') return describeGrid(bot.name, params as unknown as GridParams);
  const signal = SIGNAL_OF[id];
  if (!signal) throw new Error(`no description for ${id}`);
  return SIGNAL[signal](bot.name, params);
}
