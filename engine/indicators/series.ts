/** A streaming indicator of one input series. */
interface SingleInput {
  update(x: number): number;
}

/** Runs a streaming indicator over a whole series: batch and streaming share one implementation. */
export function mapSeries(src: Float64Array, indicator: SingleInput): Float64Array {
  const out = new Float64Array(src.length);
  for (let i = 0; i < src.length; i++) out[i] = indicator.update(src[i]);
  return out;
}
