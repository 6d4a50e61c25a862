import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack, table } from '../../support/api';
import { bindingCode, paperAccount } from '../../support/exchange';

const memberId = async (idToken: string) => String((await call('getProfile', {}, idToken)).body.id);

describe('exchange key binding', () => {
  it('binds a good Binance key with the mailed code; balances are NA until refreshed, then read', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount({ spot: { USDT: 1234.5, BTC: 0.1 }, futuresUsdt: 600 });

    const before = await call('getExchanges', {}, member.idToken);
    expect(before.status).toBe(200);
    expect(before.body.whitelistIp).toBe('127.0.0.1');
    expect(before.body.exchanges).toEqual([
      expect.objectContaining({ exchange: 'binance', connected: false, spot: null, futures: null }),
      expect.objectContaining({ exchange: 'wazirx', connected: false, hasFutures: false }),
    ]);

    const otp = await bindingCode(member.email, member.idToken);
    const bound = await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: key.secret, otp },
      member.idToken,
    );
    expect(bound.status).toBe(200);
    expect(bound.body.message).toBe('Your API key is verified and connected.');
    expect(bound.body.exchange).toMatchObject({
      connected: true,
      keyHint: key.apiKey.slice(-4),
      spot: null,
      futures: null,
    });
    expect(JSON.stringify(bound.body)).not.toContain(key.secret);
    expect(JSON.stringify(bound.body)).not.toContain(key.apiKey);

    const refreshed = await call('refreshBalances', { exchange: 'binance' }, member.idToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ spot: 1_234_500_000, futures: 600_000_000, balanceError: false });
    const view = await call('getExchanges', {}, member.idToken);
    expect(JSON.stringify(view.body)).not.toContain(key.secret);
    expect((view.body.exchanges as { spot: number }[])[0].spot).toBe(1_234_500_000);

    // The code is single-use.
    const again = await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: key.secret, otp },
      member.idToken,
    );
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('otp');
  });

  it("refuses a bad key with the exchange's own message, and a wrong code before calling the exchange", async () => {
    const member = await newVerifiedMember();
    const otp = await bindingCode(member.email, member.idToken);
    const wrongCode = await call(
      'bindBinance',
      { apikey: 'k'.repeat(64), apisecret: 's'.repeat(64), otp: otp === '000000' ? '111111' : '000000' },
      member.idToken,
    );
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      field: 'otp',
      message: 'The OTP is not correct. Check the code in your e-mail.',
    });

    const bad = await call(
      'bindBinance',
      { apikey: 'n'.repeat(64), apisecret: 's'.repeat(64), otp },
      member.idToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid API-key, IP, or permissions for action.');

    // A right key with a wrong secret fails Binance's signature check.
    const key = await paperAccount();
    const otp2 = await bindingCode(member.email, member.idToken);
    const badSecret = await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: 'w'.repeat(64), otp: otp2 },
      member.idToken,
    );
    expect(badSecret.body.message).toBe('Signature for this request is not valid.');
    const view = await call('getExchanges', {}, member.idToken);
    expect((view.body.exchanges as { connected: boolean }[])[0].connected).toBe(false);
  });

  it('refuses a key with withdrawal permission', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount({ canWithdraw: true });
    const otp = await bindingCode(member.email, member.idToken);
    const refused = await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: key.secret, otp },
      member.idToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This API key has withdrawal permission. Create a key with withdrawals disabled (reading and trading only) and try again.',
    );
    const view = await call('getExchanges', {}, member.idToken);
    expect((view.body.exchanges as { connected: boolean }[])[0].connected).toBe(false);
  });

  it('binds a WazirX key with the mailed code and the confirmation, reads its spot balance, and says when a refresh fails', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount({ exchange: 'wazirx', spot: { USDT: 75 } });
    const otp = await bindingCode(member.email, member.idToken);
    const bad = await call(
      'bindWazirx',
      { apikey: 'nope'.repeat(8), apisecret: 'nope'.repeat(8), otp, confirmNoWithdraw: true },
      member.idToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid API Key.');
    const bound = await call(
      'bindWazirx',
      {
        apikey: key.apiKey,
        apisecret: key.secret,
        otp: await bindingCode(member.email, member.idToken),
        confirmNoWithdraw: true,
      },
      member.idToken,
    );
    expect(bound.status).toBe(200);
    expect(bound.body.message).toBe('Your API key is verified and connected.');
    const refreshed = await call('refreshBalances', { exchange: 'wazirx' }, member.idToken);
    expect(refreshed.body).toMatchObject({ spot: 75_000_000, futures: null, hasFutures: false });

    // Nothing bound on Binance: a refresh names the problem.
    const none = await call('refreshBalances', { exchange: 'binance' }, member.idToken);
    expect(none.body.message).toBe('Connect your exchange API key first.');
  });

  it('refuses a WazirX key without the mailed code, with a wrong one, or without the no-withdrawal confirmation, and stores nothing', async () => {
    const member = await newVerifiedMember();
    // WazirX cannot tell a key's permissions, so even a withdrawal-enabled key relies on the member's word.
    const key = await paperAccount({ exchange: 'wazirx', canWithdraw: true });
    const wazirxConnected = async () =>
      ((await call('getExchanges', {}, member.idToken)).body.exchanges as { connected: boolean }[])[1]
        .connected;

    const noCode = await call(
      'bindWazirx',
      { apikey: key.apiKey, apisecret: key.secret, confirmNoWithdraw: true },
      member.idToken,
    );
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ field: 'otp', message: 'Enter the code from your e-mail.' });

    const notAsked = await call(
      'bindWazirx',
      { apikey: key.apiKey, apisecret: key.secret, otp: '123456', confirmNoWithdraw: true },
      member.idToken,
    );
    expect(notAsked.status).toBe(400);
    expect(notAsked.body).toMatchObject({
      field: 'otp',
      message: 'Generate an OTP first; it is sent to your e-mail.',
    });

    const otp = await bindingCode(member.email, member.idToken);
    const wrongCode = await call(
      'bindWazirx',
      {
        apikey: key.apiKey,
        apisecret: key.secret,
        otp: otp === '000000' ? '111111' : '000000',
        confirmNoWithdraw: true,
      },
      member.idToken,
    );
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      field: 'otp',
      message: 'The OTP is not correct. Check the code in your e-mail.',
    });

    for (const confirmNoWithdraw of [undefined, false]) {
      const unconfirmed = await call(
        'bindWazirx',
        { apikey: key.apiKey, apisecret: key.secret, otp, confirmNoWithdraw },
        member.idToken,
      );
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body).toMatchObject({
        field: 'confirmNoWithdraw',
        message: 'Confirm that you created this WazirX key without withdrawal permission.',
      });
    }
    expect(await wazirxConnected()).toBe(false);

    // The refused requests did not spend the code: confirmed, the same code binds.
    const bound = await call(
      'bindWazirx',
      { apikey: key.apiKey, apisecret: key.secret, otp, confirmNoWithdraw: true },
      member.idToken,
    );
    expect(bound.status).toBe(200);
    expect(await wazirxConnected()).toBe(true);
  });

  it('removes a key only with the mailed code', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount();
    await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: key.secret, otp: await bindingCode(member.email, member.idToken) },
      member.idToken,
    );
    const binanceCard = async () =>
      (
        (await call('getExchanges', {}, member.idToken)).body.exchanges as {
          connected: boolean;
          keyHint?: string;
        }[]
      )[0];
    expect(await binanceCard()).toMatchObject({ connected: true, keyHint: key.apiKey.slice(-4) });

    const noCode = await call('removeExchangeKey', { exchange: 'binance' }, member.idToken);
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ field: 'otp', message: 'Enter the code from your e-mail.' });
    const otp = await bindingCode(member.email, member.idToken);
    const wrongCode = await call(
      'removeExchangeKey',
      { exchange: 'binance', otp: otp === '000000' ? '111111' : '000000' },
      member.idToken,
    );
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      field: 'otp',
      message: 'The OTP is not correct. Check the code in your e-mail.',
    });
    expect(await binanceCard()).toMatchObject({ connected: true, keyHint: key.apiKey.slice(-4) });

    const removed = await call('removeExchangeKey', { exchange: 'binance', otp }, member.idToken);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Your API key is removed.');
    expect(await binanceCard()).toMatchObject({ connected: false });
  });

  it("shows 'You api key are not correctly added.' when the exchange no longer accepts a stored key", async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount();
    const otp = await bindingCode(member.email, member.idToken);
    await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, member.idToken);
    // The member deletes the key on the exchange.
    const revoked = await fetch(`${stack().webUrl}/paper/accounts/${encodeURIComponent(key.apiKey)}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    const refreshed = await call('refreshBalances', { exchange: 'binance' }, member.idToken);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.message).toBe('You api key are not correctly added.');
    const view = await call('getExchanges', {}, member.idToken);
    expect((view.body.exchanges as { balanceError: boolean; spot: null }[])[0]).toMatchObject({
      balanceError: true,
      spot: null,
    });
  });

  it('no stored item holds a readable secret or API key', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount();
    const otp = await bindingCode(member.email, member.idToken);
    expect(
      (await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, member.idToken)).status,
    ).toBe(200);
    await call('refreshBalances', { exchange: 'binance' }, member.idToken);
    const id = await memberId(member.idToken);
    const { Items = [] } = await table().send(
      new QueryCommand({
        TableName: stack().tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `MEMBER#${id}` },
      }),
    );
    const stored = JSON.stringify(Items);
    expect(Items.some((i) => String(i.SK).startsWith('EXCHANGE#'))).toBe(true);
    expect(stored).not.toContain(key.secret);
    expect(stored).not.toContain(key.apiKey);
    for (const encoded of [
      Buffer.from(key.secret).toString('base64'),
      Buffer.from(key.secret).toString('hex'),
    ])
      expect(stored).not.toContain(encoded.slice(0, 24));
  });
});
