/** The candles item's packed columns give back exactly the candles that were packed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packColumns, unpackColumns } from '#functions/bots/candle-columns';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

describe('packed candle columns', () => {
  it('unpack to the same numbers, column by column, whatever the count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(finite, finite, finite, finite, finite, finite), { maxLength: 300 }),
        (rows) => {
          const columns = {
            t: rows.map((r) => r[0]),
            o: rows.map((r) => r[1]),
            h: rows.map((r) => r[2]),
            l: rows.map((r) => r[3]),
            c: rows.map((r) => r[4]),
            v: rows.map((r) => r[5]),
          };
          const packed = packColumns({ ...columns, price: 1, updatedAt: '' });
          expect(packed.byteLength).toBe(rows.length * 6 * 8);
          // as the SDK may hand it back: a view at an offset no Float64Array could start at
          const shifted = new Uint8Array(packed.byteLength + 1).fill(7);
          shifted.set(packed, 1);
          expect(unpackColumns(shifted.subarray(1))).toEqual(columns);
        },
      ),
    );
  });
});
