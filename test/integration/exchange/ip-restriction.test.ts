/**
 * In AWS the functions that call exchanges leave from the NAT gateway's Elastic IPs, and the CDK
 * stack sets EXCHANGE_REQUIRE_IP_RESTRICT and EXCHANGE_WHITELIST_IP on them (test/infra/egress.test.ts):
 * binding then refuses a Binance key that Binance does not hold to trusted IPs. The local stack sets
 * neither, so this test runs the exchange service in the test process with both set, against the
 * local stack's table and paper exchange (whose keys are never IP-restricted).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type * as ExchangeService from '#functions/exchange/service';
import { call, newVerifiedMember, stack } from '../../support/api';
import { bindingCode, paperAccount } from '../../support/exchange';

let service: typeof ExchangeService;
beforeAll(async () => {
  process.env.TABLE_NAME = stack().tableName;
  process.env.DYNAMODB_ENDPOINT = stack().dynamoEndpoint;
  process.env.EXCHANGE_BINANCE_URL = `${stack().webUrl}/paper/binance`;
  process.env.EXCHANGE_REQUIRE_IP_RESTRICT = 'true';
  process.env.EXCHANGE_WHITELIST_IP = '203.0.113.7,203.0.113.8';
  service = await import('#functions/exchange/service');
});

describe('binding where calls leave from fixed IPs', () => {
  it('lists every IP to whitelist and refuses a Binance key without the IP restriction', async () => {
    const member = await newVerifiedMember();
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    const caller = { memberId, groups: [], isAdmin: false };

    const view = await service.getExchanges(memberId);
    expect(view.whitelistIps).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(view.whitelistIp).toBe('203.0.113.7 203.0.113.8');

    const key = await paperAccount({ spot: { USDT: 600 }, futuresUsdt: 600 });
    const otp = await bindingCode(member.email, member.idToken);
    await expect(
      service.bindKey(caller, 'binance', { apikey: key.apiKey, apisecret: key.secret, otp }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'EXCHANGE_IP_UNRESTRICTED',
      field: 'apikey',
      message:
        "Restrict this API key to Trendex's IP addresses (shown on this page) on Binance, then bind it again.",
    });
    const after = await call('getExchanges', {}, member.idToken);
    expect(after.body.exchanges).toContainEqual(
      expect.objectContaining({ exchange: 'binance', connected: false }),
    );

    // The local stack's own functions do not insist (its calls leave from 127.0.0.1): the key binds.
    const local = await call(
      'bindBinance',
      { apikey: key.apiKey, apisecret: key.secret, otp: await bindingCode(member.email, member.idToken) },
      member.idToken,
    );
    expect(local.status).toBe(200);
    expect(after.body.whitelistIps).toEqual(['127.0.0.1']);
  });

  it('binds a Binance key that is restricted to trusted IPs', async () => {
    const member = await newVerifiedMember();
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    const key = await paperAccount({ ipRestrict: true });
    const otp = await bindingCode(member.email, member.idToken);
    const bound = await service.bindKey({ memberId, groups: [], isAdmin: false }, 'binance', {
      apikey: key.apiKey,
      apisecret: key.secret,
      otp,
    });
    expect(bound.exchange).toMatchObject({ exchange: 'binance', connected: true });
  });
});
