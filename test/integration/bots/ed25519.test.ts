/**
 * Ed25519 API keys, as Binance recommends them (issue 30): a member binds the key by its API key
 * and Ed25519 private key (PEM), a bot trades with it (ccxt signs each request with Ed25519 over
 * the percent-encoded payload), and a request signed with another private key is refused as
 * Binance refuses it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binanceClient } from '#functions/exchange/clients';
import { call, newVerifiedMember } from '../../support/api';
import { startDcaManual } from '../../support/bots';
import { bindingCode, paperAccount } from '../../support/exchange';
import { ZENO_CROSS_AT, startBotStack, tradingMember, type BotStack } from './support';

const BTC = 'BTC/USDT';
const otherPrivateKey = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(ZENO_CROSS_AT);
}, 120_000);
afterAll(() => bots?.stop());

describe('an Ed25519 Binance key', () => {
  it('is bound by its private key, and a bot trades with it', async () => {
    const member = await tradingMember('executive', 10_000, 10_000, 'ed25519');
    expect(member.key.secret).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const view = await call('getExchanges', {}, member.idToken);
    expect(view.body.exchanges[0]).toMatchObject({ exchange: 'binance', connected: true });
    expect(JSON.stringify(view.body)).not.toContain('PRIVATE KEY');

    const started = await startDcaManual(member.idToken, 'BTCUSDT', 20, [[1, 0.7]]);
    expect(started.status).toBe(200);
    await bots.nextHour(); // the bot starts: it trades from the next candle
    await bots.nextHour(); // its base order
    const exchange = binanceClient({ apiKey: member.key.apiKey, secret: member.key.secret }, 'spot');
    const trades = await exchange.fetchMyTrades(BTC);
    expect(trades).toHaveLength(1);
    const positions = await call('getPositions', {}, member.idToken);
    expect(positions.body.positions).toHaveLength(1);
    expect(positions.body.positions[0].quantity).toBeCloseTo(trades[0].amount! * 0.999, 6);
  }, 120_000);

  it('refuses a request signed with another key (-1022), and a binding with it', async () => {
    const key = await paperAccount({ keyType: 'ed25519' });
    const forged = binanceClient({ apiKey: key.apiKey, secret: otherPrivateKey() }, 'spot');
    await expect(forged.fetchBalance()).rejects.toThrow(
      '{"code":-1022,"msg":"Signature for this request is not valid."}',
    );
    // the key itself signs: the same calls answer, on spot and on USD-M futures
    const own = binanceClient({ apiKey: key.apiKey, secret: key.secret }, 'spot');
    expect((await own.fetchBalance()).USDT.free).toBe(10_000);
    const futures = binanceClient({ apiKey: key.apiKey, secret: key.secret }, 'futures');
    expect((await futures.fetchBalance()).USDT.total).toBe(10_000);

    const member = await newVerifiedMember();
    const otp = await bindingCode(member.email, member.idToken);
    const refused = await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: otherPrivateKey(), otp },
      member.idToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Signature for this request is not valid.');
    const view = await call('getExchanges', {}, member.idToken);
    expect(view.body.exchanges[0]).toMatchObject({ exchange: 'binance', connected: false });
  }, 60_000);
});
