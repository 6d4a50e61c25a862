/**
 * Each fault the paper exchange plays (local/paper-exchange/faults.ts), answered as Binance answers
 * it, read by ccxt's own Binance error handling, lands in the executor's class of it
 * (functions/exchange/errors.ts tradingFault): what the member must fix, what is refused for good,
 * what is tried again later.
 */
import { describe, expect, it } from 'vitest';
import { binanceClient } from '#functions/exchange/clients';
import { exchangeWords, tradingFault } from '#functions/exchange/errors';
import { EgressClosed } from '#functions/exchange/trading';
import { refusalBefore, type FaultRule } from '#local/paper-exchange/faults';

/** What ccxt throws for the paper exchange's answer to a spot or futures order under `rule`. */
const thrown = (rule: FaultRule, market: 'spot' | 'futures' = 'spot'): unknown => {
  const path = market === 'spot' ? '/api/v3/order' : '/fapi/v1/order';
  const refusal = refusalBefore([rule], { method: 'POST', path, params: { symbol: 'BTCUSDT' }, now: 0 });
  if (!refusal) throw new Error(`${rule.fault} refuses nothing before the order runs`);
  const body = JSON.stringify({ code: refusal.code, msg: refusal.msg });
  const client = binanceClient({ apiKey: 'k', secret: 's' }, market);
  try {
    client.handleErrors(
      refusal.status,
      '',
      `http://paper${path}`,
      'POST',
      {},
      body,
      JSON.parse(body),
      {},
      '',
    );
  } catch (error) {
    return error;
  }
  throw new Error(`ccxt took ${rule.fault} for a success`);
};

describe('the executor’s class of each Binance fault', () => {
  it.each([
    ['keyRejected', 'key'],
    ['insufficientBalance', 'funds'],
    ['filter', 'refused'],
    ['recvWindow', 'later'],
    ['busy', 'later'],
    ['maintenance', 'later'],
    ['rateLimit', 'later'],
    ['ban', 'later'],
  ] as const)('%s on spot is %s', (fault, expected) => {
    expect(tradingFault(thrown({ fault }))).toBe(expected);
  });

  it.each([
    ['insufficientBalance', 'funds'],
    ['busy', 'later'],
  ] as const)('%s on futures is %s', (fault, expected) => {
    expect(tradingFault(thrown({ fault }, 'futures'))).toBe(expected);
  });

  it('every filter refusal is a refusal, in Binance’s words', () => {
    for (const filter of [
      'LOT_SIZE',
      'MIN_NOTIONAL',
      'NOTIONAL',
      'PRICE_FILTER',
      'PERCENT_PRICE_BY_SIDE',
    ] as const) {
      const spot = thrown({ fault: 'filter', filter });
      expect(tradingFault(spot)).toBe('refused');
      // with its code where ccxt keeps Binance's body (it words some refusals by their message alone)
      expect(exchangeWords(spot)).toMatch(new RegExp(`^Filter failure: ${filter}( \\(-1013\\))?$`));
      expect(tradingFault(thrown({ fault: 'filter', filter }, 'futures'))).toBe('refused');
    }
  });

  it('a -2015 ccxt reports as a ban (it follows a successful call) is still the key', () => {
    const client = binanceClient({ apiKey: 'k', secret: 's' }, 'spot');
    client.options.hasAlreadyAuthenticatedSuccessfully = true;
    const body = '{"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}';
    let error: unknown;
    try {
      client.handleErrors(401, '', 'http://paper/api/v3/order', 'POST', {}, body, JSON.parse(body), {}, '');
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('DDoSProtection');
    expect(tradingFault(error)).toBe('key');
  });

  it('our own egress budget closed is tried later; an error that is not the exchange’s is none of these', () => {
    expect(tradingFault(new EgressClosed('spot egress a is closed'))).toBe('later');
    expect(tradingFault(new TypeError('x is undefined'))).toBeNull();
  });
});
