/**
 * A fill the user data stream told trade by trade (trading.ts heardOrderState): its fees valued as
 * a lookup of the order's trades values them (docs/decisions/bots-execution.md, "Fees as charged"):
 * a fee in the coin at its trade's price and kept apart, one in the quote as it is, one in another
 * asset (BNB) left out.
 */
import { describe, expect, it } from 'vitest';
import { heardOrderState } from '#functions/exchange/trading';

describe('a fill the stream told trade by trade', () => {
  it('a spot buy: the fee in the coin valued at each trade’s price and kept apart as feeBase', () => {
    const state = heardOrderState(
      {
        orderId: '42',
        filled: 0.01,
        trades: [
          { qty: 0.004, price: 100_000, fee: { cost: '0.00000400', currency: 'BTC' } },
          { qty: 0.006, price: 90_000, fee: { cost: 0.000006, currency: 'BTC' } },
        ],
      },
      'BTCUSDT',
      'spot',
      'txabc',
      1234,
    );
    expect(state).toMatchObject({
      orderId: '42',
      clientOrderId: 'txabc',
      status: 'filled',
      filled: 0.01,
      filledAt: 1234,
    });
    expect(state.average).toBeCloseTo(94_000, 6);
    expect(state.feeBase).toBeCloseTo(0.00001, 12);
    expect(state.fee).toBeCloseTo(0.4 + 0.54, 9);
  });

  it('a futures fill: the fee in USDT as it is; one in BNB left out', () => {
    const state = heardOrderState(
      {
        orderId: '7',
        filled: 0.002,
        trades: [
          { qty: 0.001, price: 100_000, fee: { cost: 0.05, currency: 'USDT' } },
          { qty: 0.001, price: 100_000, fee: { cost: 0.0001, currency: 'BNB' } },
        ],
      },
      'BTCUSDT',
      'futures',
      'txabc',
      1,
    );
    expect(state.fee).toBeCloseTo(0.05, 12);
    expect(state.feeBase).toBe(0);
    expect(state.average).toBe(100_000);
  });
});
