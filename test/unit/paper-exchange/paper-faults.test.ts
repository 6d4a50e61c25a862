/**
 * The paper exchange's fault switches over real HTTP (local/paper-exchange/faults.ts): a body that
 * is not one is refused with why and changes nothing; a rule strikes as often, for the order and in
 * the window it names, with Binance's status, code and message.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
const j = findCandle((k) => c.close[k - 1] === c.open[k]);
const T0 = Date.UTC(2026, 0, 5, 1, 0);
const BTC = 'BTC/USDT';
let clock: ReturnType<typeof handClock>;
let exchange: Awaited<ReturnType<typeof servePaper>>;

beforeEach(async () => {
  clock = handClock(T0);
  exchange = await servePaper({ now: clock.now, speed: 1, startAt: c.time[j] });
});
afterEach(() => exchange.close());

const post = (path: string, body: unknown) =>
  fetch(`${exchange.base}${path}`, { method: 'POST', body: JSON.stringify(body) });

/** What ccxt reports of the answer to a signed spot order (Binance's body, or its message); null when it went through. */
const rawOrder = async (spot: ReturnType<typeof exchange.client>, clientOrderId: string) => {
  try {
    await spot.createOrder(BTC, 'market', 'buy', 0.001, undefined, { clientOrderId });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('fault switches', () => {
  it('refuses a body that is not one, with why, and keeps what was set', async () => {
    const key = await exchange.account();
    expect(
      (await post(`/accounts/${key.apiKey}/faults`, { rules: [{ fault: 'busy', times: 1 }] })).status,
    ).toBe(200);
    for (const [body, why] of [
      [{ rules: [{ fault: 'slow' }] }, 'Unknown fault "slow"'],
      [{ rules: [{ fault: 'filter', filter: 'ICEBERG_PARTS' }] }, 'Unknown filter "ICEBERG_PARTS"'],
      [{ rules: [{ fault: 'ban', times: -1 }] }, 'times must be a whole number of 0 or more.'],
      [{ rules: 'busy' }, 'rules must be a list.'],
    ] as const) {
      const answer = await post(`/accounts/${key.apiKey}/faults`, body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toContain(why);
    }
    expect((await post('/accounts/nobody/faults', {})).status).toBe(404);
    // The rule set first still strikes, once.
    const spot = exchange.client(key, 'spot');
    expect(await rawOrder(spot, 'a1')).toContain(
      '{"code":-1008,"msg":"Server is currently overloaded with other requests. Please try again in a few minutes."}',
    );
    expect(await rawOrder(spot, 'a2')).toBeNull();
  });

  it('strikes only the order it names, and only inside its schedule', async () => {
    const key = await exchange.account();
    const spot = exchange.client(key, 'spot');
    await post(`/accounts/${key.apiKey}/faults`, {
      rules: [
        { fault: 'filter', filter: 'LOT_SIZE', clientOrderId: 'b2' },
        { fault: 'insufficientBalance', from: T0 + 60_000, until: T0 + 120_000 },
      ],
    });
    expect(await rawOrder(spot, 'b1')).toBeNull();
    expect(await rawOrder(spot, 'b2')).toContain('{"code":-1013,"msg":"Filter failure: LOT_SIZE"}');
    clock.advance(60_000);
    // ccxt words this one by its message alone
    const refused = 'Account has insufficient balance for requested action.';
    expect(await rawOrder(spot, 'b3')).toContain(refused);
    expect(await rawOrder(spot, 'b4')).toContain(refused);
    clock.advance(60_000);
    expect(await rawOrder(spot, 'b5')).toBeNull();
  });
});
