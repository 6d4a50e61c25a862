/** A streaming indicator of one input series. */
export interface SingleInput {
  update(x: number): number;
}

/** A streaming indicator of high, low and close. */
export interface CandleInput {
  update(high: number, low: number, close: number): number;
}

/** Runs a streaming indicator over a whole series: batch and streaming share one implementation. */
export function mapSeries(src: Float64Array, indicator: SingleInput): Float64Array {
  const out = new Float64Array(src.length);
  for (let i = 0; i < src.length; i++) out[i] = indicator.update(src[i]);
  return out;
}

export function mapCandles(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  indicator: CandleInput,
): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) out[i] = indicator.update(high[i], low[i], close[i]);
  return out;
}
