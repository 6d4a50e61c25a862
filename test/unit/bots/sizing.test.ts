/** What the executor sends for a model order, sized from the bot's real position (functions/bots/sizing.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NOTHING_TO_REDUCE,
  OVER_CAPITAL,
  noneCommitted,
  planOrder,
  type Book,
  type Intent,
} from '#functions/bots/sizing';

const intent = (i: Partial<Intent>): Intent => ({
  side: 'sell',
  type: 'market',
  size: 1,
  price: 100,
  reason: 'close long',
  modelBefore: 1,
  ...i,
});
const book = (b: Partial<Book>): Book => ({ market: 'futures', held: 0, cost: 0, limit: 1_000, ...b });

describe('planOrder', () => {
  it('does not send a close the exchange already did (a stop that filled after the close)', () => {
    const { legs, skips } = planOrder(intent({}), book({ held: 0 }));
    expect(legs).toEqual([]);
    expect(skips).toEqual([{ part: 'reduce', why: NOTHING_TO_REDUCE }]);
  });

  it('splits a reversal into a reduce-only close of what is held and an open within the capital', () => {
    const { legs } = planOrder(
      intent({ size: 12, modelBefore: 2, reason: 'reverse' }),
      book({ held: 1.5, limit: 1_000 }),
    );
    expect(legs.map((l) => [l.part, l.size, l.reduceOnly])).toEqual([
      ['reduce', 1.5, true],
      ['open', 10, false],
    ]);
  });

  it('puts a futures stop over the whole position, whatever size the model gave it', () => {
    const { legs } = planOrder(intent({ type: 'stop', size: 0.5, modelBefore: 0.5 }), book({ held: 0.8 }));
    expect(legs).toMatchObject([{ part: 'reduce', size: 0.8, reduceOnly: true }]);
  });

  it('lets the resting sells of a spot bot share its coins, and its buys share its capital', () => {
    const committed = noneCommitted();
    const spot = book({ market: 'spot', held: 1, cost: 100, limit: 300 });
    const lot = (price: number) =>
      planOrder(intent({ type: 'limit', size: 0.6, price, modelBefore: 2 }), spot, committed);
    expect(lot(110).legs[0].size).toBeCloseTo(0.6, 12);
    expect(lot(120).legs[0].size).toBeCloseTo(0.4, 12);
    expect(lot(130).skips).toEqual([{ part: 'reduce', why: NOTHING_TO_REDUCE }]);
    const buy = (price: number) =>
      planOrder(intent({ side: 'buy', type: 'limit', size: 1, price, modelBefore: 2 }), spot, committed);
    // 100 USDT of coins held and 300 of capital: 100 + 80 fit, then 20 of the next, then nothing.
    expect(buy(100).legs[0].size).toBeCloseTo(1, 12);
    expect(buy(80).legs[0].size).toBeCloseTo(1, 12);
    expect(buy(100).legs[0].size).toBeCloseTo(0.2, 12);
    expect(buy(50).skips).toEqual([{ part: 'open', why: OVER_CAPITAL }]);
  });

  it('property: a reducing leg never exceeds what is held on that side; an opening one never passes the limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Book['market']>('spot', 'futures'),
        fc.array(
          fc.record({
            side: fc.constantFrom<Intent['side']>('buy', 'sell'),
            type: fc.constantFrom<Intent['type']>('market', 'limit', 'stop'),
            size: fc.double({ min: 0.001, max: 5, noNaN: true }),
            price: fc.double({ min: 10, max: 1_000, noNaN: true }),
            modelBefore: fc.double({ min: -5, max: 5, noNaN: true }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: 10, max: 5_000, noNaN: true }),
        (market, intents, heldRaw, limit) => {
          const held = market === 'spot' ? Math.abs(heldRaw) : heldRaw;
          const b = book({ market, held, cost: Math.min(Math.abs(held) * 100, limit), limit });
          const committed = noneCommitted();
          let reducedSpot = 0;
          let opened = 0;
          for (const i of intents) {
            const { legs } = planOrder({ ...i, reason: 'x' }, b, committed);
            for (const l of legs) {
              const dir = l.side === 'buy' ? 1 : -1;
              if (l.part === 'reduce') {
                expect(Math.sign(held)).toBe(-dir);
                expect(l.size).toBeLessThanOrEqual(Math.abs(held) + 1e-9);
                expect(l.reduceOnly).toBe(market === 'futures');
                if (market === 'spot') reducedSpot += l.size;
              } else {
                expect(l.reduceOnly).toBe(false);
                if (market === 'spot') expect(l.side).toBe('buy');
                const exposure =
                  Math.sign(held) === dir ? (market === 'spot' ? b.cost : Math.abs(held) * l.price) : 0;
                opened += l.size * l.price;
                expect(exposure + opened).toBeLessThanOrEqual(limit * (1 + 1e-9));
              }
            }
          }
          expect(reducedSpot).toBeLessThanOrEqual(Math.abs(held) + 1e-9);
        },
      ),
    );
  });
});
