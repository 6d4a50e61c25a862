/**
 * The activation sweep's start: an overlap before its position until that position is verified,
 * so a plan transaction that shows on the index late is still read, and an idle sweep stops
 * re-reading the last minutes' purchases. Modelled over random purchases, index lags and sweep times.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayVerify, sweepStart } from '#functions/team/activations';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22);
const keyAt = (ms: number, id: number) => `${new Date(ms).toISOString()}#${String(id).padStart(6, '0')}`;

describe('the activation sweep', () => {
  it('starts five minutes before an unverified position, at a verified one, at the start when new', () => {
    const since = keyAt(T0 + 10 * MIN, 1);
    expect(sweepStart('', false)).toBe('0');
    expect(sweepStart(since, false)).toBe(new Date(T0 + 5 * MIN).toISOString());
    expect(sweepStart(since, true)).toBe(since);
    expect(mayVerify(since, T0 + 15 * MIN + 1, false)).toBe(true);
    expect(mayVerify(since, T0 + 15 * MIN, false)).toBe(false);
    expect(mayVerify(since, T0 + 60 * MIN, true)).toBe(false);
    expect(mayVerify('', T0, false)).toBe(false);
  });

  it('reads every purchase, however late it shows, and ends verified when idle', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat({ max: 30 * MIN }), lag: fc.nat({ max: 4 * MIN }) }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.array(fc.nat({ max: 40 * MIN }), { minLength: 1, maxLength: 40 }),
        (purchases, sweepTimes) => {
          const txs = purchases.map((p, i) => ({ key: keyAt(T0 + p.at, i), visibleAt: T0 + p.at + p.lag }));
          let since = '';
          let verified = false;
          const read = new Set<string>();
          // the sweeps the test picks, then two well after everything (one to read, one to verify)
          const times = [
            ...sweepTimes.map((t) => T0 + t).sort((a, b) => a - b),
            T0 + 50 * MIN,
            T0 + 60 * MIN,
          ];
          for (const now of times) {
            const from = sweepStart(since, verified);
            const seen = txs.filter((t) => t.visibleAt <= now && t.key > from).map((t) => t.key);
            seen.forEach((k) => read.add(k));
            const position = seen.reduce((p, k) => (k > p ? k : p), since);
            if (position !== since) [since, verified] = [position, false];
            else if (!verified && mayVerify(since, now, false)) verified = true;
          }
          expect([...read].sort()).toEqual(txs.map((t) => t.key).sort());
          expect(verified).toBe(true);
          expect(sweepStart(since, verified)).toBe(since);
        },
      ),
    );
  });
});
