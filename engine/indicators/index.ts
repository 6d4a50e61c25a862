/**
 * Technical indicators over typed arrays. Each has a streaming class (`update` is O(1) per candle,
 * amortised for the windowed ones) and a batch function that runs the very same class over a whole
 * series, so batch and streaming results are identical bit for bit. Values are NaN during warm-up.
 */
export { Sma, Ema, sma, ema } from './moving-averages';
export { Rsi, Atr, TrueRange, rsi, atr } from './oscillators';
export { Bollinger, Donchian, ZScore, bollinger, donchian, zscore, type BandSeries } from './bands';
export { Macd, Adx, macd, adx, type MacdSeries, type AdxSeries } from './trend';
export { RollingMoments, RollingExtreme, WilderAverage } from './rolling';
