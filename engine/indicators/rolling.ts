/**
 * Rolling-window building blocks shared by the indicators. All are O(1) per update (amortised) and
 * allocate only at construction.
 */

/**
 * Mean and population variance of the last `period` values.
 *
 * Sums are kept relative to an anchor near the window mean and recomputed exactly once every
 * `period` updates (amortised O(1)). A plain running sum of squares at BTC prices (~1e9 per term)
 * loses about 7 significant digits of the variance to cancellation and drifts over a million
 * updates; this keeps the result within ~1e-12 of a two-pass computation.
 */
export class RollingMoments {
  private readonly window: Float64Array;
  private head = 0;
  private count = 0;
  private anchor = Number.NaN;
  private sum = 0;
  private sumSquares = 0;
  private sinceRebase = 0;

  constructor(readonly period: number) {
    if (!(period >= 1)) throw new RangeError(`period must be >= 1, got ${period}`);
    this.window = new Float64Array(period);
  }

  get isFull(): boolean {
    return this.count === this.period;
  }

  /** Empties the window: the next values fill it as a new one's would. */
  clear(): void {
    this.head = 0;
    this.count = 0;
    this.anchor = Number.NaN;
    this.sum = 0;
    this.sumSquares = 0;
    this.sinceRebase = 0;
  }

  push(x: number): void {
    if (this.count < this.period) this.fill(x);
    else {
      const leaving = this.window[this.head] - this.anchor;
      this.sum -= leaving;
      this.sumSquares -= leaving * leaving;
    }
    this.window[this.head] = x;
    this.head = this.head + 1 === this.period ? 0 : this.head + 1;
    const d = x - this.anchor;
    this.sum += d;
    this.sumSquares += d * d;
    if (++this.sinceRebase >= this.period) this.rebase();
  }

  /**
   * A value while the window fills (nothing leaves it yet), out of the way of the path every later
   * push takes: V8 counts every byte of a method against a bot candle's inlining budget.
   */
  private fill(x: number): void {
    if (this.count === 0 && Number.isNaN(this.anchor)) this.anchor = x;
    this.count++;
  }

  mean(): number {
    return this.anchor + this.sum / this.count;
  }

  variance(): number {
    const m = this.sum / this.count;
    const v = this.sumSquares / this.count - m * m;
    return v > 0 ? v : 0;
  }

  private rebase(): void {
    let total = 0;
    for (let k = 0; k < this.count; k++) total += this.window[k];
    const anchor = total / this.count;
    let s1 = 0;
    let s2 = 0;
    for (let k = 0; k < this.count; k++) {
      const d = this.window[k] - anchor;
      s1 += d;
      s2 += d * d;
    }
    this.anchor = anchor;
    this.sum = s1;
    this.sumSquares = s2;
    this.sinceRebase = 0;
  }
}

/**
 * Maximum (or minimum) of the last `period` values with a monotonic deque: each value enters and
 * leaves the deque once, so updates are amortised O(1). The deque is a ring over typed arrays whose
 * capacity is a power of two, indexed with a mask (no modulo in the hot path).
 */
export class RollingExtreme {
  private readonly values: Float64Array;
  private readonly seqs: Float64Array;
  private readonly mask: number;
  private readonly isMax: boolean;
  /** Ring index of the deque's first entry, and its length. */
  private front = 0;
  private size = 0;
  private seq = 0;

  constructor(
    readonly period: number,
    kind: 'max' | 'min',
  ) {
    if (!(period >= 1)) throw new RangeError(`period must be >= 1, got ${period}`);
    const capacity = ringCapacity(period);
    this.values = new Float64Array(capacity);
    this.seqs = new Float64Array(capacity);
    this.mask = capacity - 1;
    this.isMax = kind === 'max';
  }

  get isFull(): boolean {
    return this.seq >= this.period;
  }

  /** Adds x and returns the extreme of the window that now ends with x. */
  push(x: number): number {
    const { values, seqs, mask } = this;
    const seq = this.seq;
    let front = this.front;
    let size = this.size;
    // Expire first so the ring never holds more than `period` entries.
    if (size > 0 && seqs[front] <= seq - this.period) {
      front = (front + 1) & mask;
      size--;
    }
    if (this.isMax) while (size > 0 && values[(front + size - 1) & mask] <= x) size--;
    else while (size > 0 && values[(front + size - 1) & mask] >= x) size--;
    const back = (front + size) & mask;
    values[back] = x;
    seqs[back] = seq;
    this.front = front;
    this.size = size + 1;
    this.seq = seq + 1;
    return values[front];
  }
}

/** Smallest power of two that holds `period` + 1 entries. */
function ringCapacity(period: number): number {
  let capacity = 2;
  while (capacity < period + 1) capacity *= 2;
  return capacity;
}

/**
 * Wilder's smoothing (RMA): the first value is the simple mean of the first `period` inputs, then
 * avg += (x - avg) / period. NaN until `period` inputs were seen.
 */
export class WilderAverage {
  value = Number.NaN;
  private count = 0;
  private seedSum = 0;
  private readonly factor: number;

  constructor(readonly period: number) {
    this.factor = 1 / period;
  }

  update(x: number): number {
    if (this.count < this.period) return this.seed(x);
    this.value = (x - this.value) * this.factor + this.value;
    return this.value;
  }

  /** One of the first `period` inputs, out of the way of the inlined path (as `Ema.seed`). */
  private seed(x: number): number {
    this.seedSum += x;
    if (++this.count === this.period) this.value = this.seedSum / this.period;
    return this.value;
  }
}
