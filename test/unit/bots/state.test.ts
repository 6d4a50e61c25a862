/** A running bot's state in words, from the executor's records (functions/bots/state.ts). */
import { describe, expect, it } from 'vitest';
import { stateOf, type StateFields } from '#functions/bots/state';

const base: StateFields = { status: 'active', market: 'futures', quote: 'USDT', tradeFrom: 1 };
const position = { size: 0.01, entry: 100_000, cost: 1_000, openedAt: '2026-01-01T00:00:00Z', orderId: '1' };
const at = '2026-01-01T00:00:00Z';

describe('stateOf', () => {
  it('waits for a signal when flat, is in a position when it holds one', () => {
    expect(stateOf(base)).toEqual({ name: 'waiting', label: 'Waiting for a signal' });
    expect(stateOf({ ...base, tradeFrom: undefined }).detail).toBe('It starts with the next candle.');
    expect(stateOf({ ...base, position }).label).toBe('In a position');
  });

  it('says what needs the member, with what to do, before it says paused or in a position', () => {
    const key = stateOf({
      ...base,
      position,
      paused: { at, candle: 1 },
      attention: { kind: 'key', reason: 'Binance refused your API key.', at },
    });
    expect(key).toEqual(
      expect.objectContaining({ label: 'Needs attention', detail: 'Binance refused your API key.' }),
    );
    expect(key.todo).toMatch(/Exchange page.*whitelists our IP address/);
    const funds = stateOf({ ...base, attention: { kind: 'funds', reason: 'Not enough', at } });
    expect(funds.todo).toMatch(/^Move USDT to your Binance futures account/);
    expect(stateOf({ ...base, position, paused: { at, candle: 1 } }).label).toBe('Paused');
  });

  it('names a kill-switch stop above all, and a stopping bot as stopping', () => {
    expect(
      stateOf({
        ...base,
        status: 'killed',
        stopReason: 'the kill switch halted it',
        attention: { kind: 'key', reason: 'x', at },
      }),
    ).toEqual(
      expect.objectContaining({
        name: 'killed',
        label: 'Stopped by the kill switch',
        detail: 'the kill switch halted it',
      }),
    );
    expect(stateOf({ ...base, status: 'stopping', position }).label).toBe('Stopping');
  });
});
