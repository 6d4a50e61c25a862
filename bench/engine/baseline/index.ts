/** One baseline rule per registered bot, for the strategy benchmark (see ./loop.ts). */
import type { BotId } from '#engine/strategies/registry';
import { alphaBaseline } from './alpha';
import { candlesBaseline } from './candles';
import { dcaBaseline } from './dca';
import { glintBaseline } from './glint';
import { gridBaseline } from './grid';
import type { Rule } from './loop';
import { neroBaseline } from './nero';
import { quantBaseline } from './quant';
import { zenoBaseline } from './zeno';

// The params are the registry's own defaults, typed per strategy in each baseline.
type Factory = (params: never) => Rule;

export const BASELINES: Record<BotId, Factory> = {
  dca: dcaBaseline,
  universal: dcaBaseline,
  aibot: dcaBaseline,
  dcaking: dcaBaseline,
  dcaairobot: dcaBaseline,
  classic: gridBaseline,
  alfa: alphaBaseline,
  zeno: zenoBaseline,
  zeno3x: zenoBaseline,
  candles: candlesBaseline,
  candles3x: candlesBaseline,
  glint: glintBaseline,
  nero: neroBaseline,
  quant: quantBaseline,
};

export { baselineBacktest, toBars, type Bar, type BaselineResult } from './loop';
