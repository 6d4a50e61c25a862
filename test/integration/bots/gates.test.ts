/**
 * The deploy gates, on the server, in the spec's order (section 5): the plan, the two checkboxes,
 * the conflicting bots, then the exchange balance. Every conflict of the table is tried, generated
 * from it, so a new rule is covered by itself.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PageBotId } from '#api/schemas/bots';
import { conflictsOf, gateMessages } from '#functions/bots/gates';
import { call, logInAdmin, memberIdOf, newVerifiedMember } from '../../support/api';
import { bindingCode, paperAccount } from '../../support/exchange';
import { deployBot, startDcaAuto } from '../../support/bots';
import { topUp } from '../../support/fund';

const USDT = 1_000_000;
type Member = Awaited<ReturnType<typeof newVerifiedMember>>;

const withPlan = async (
  plan: 'executive' | 'imperial' | null,
  balances = { spot: 10_000, futures: 10_000 },
) => {
  const member = await newVerifiedMember();
  if (plan) {
    await topUp(member.idToken, '300');
    expect((await call('activatePlan', { plan, requestId: randomUUID() }, member.idToken)).status).toBe(200);
  }
  const key = await paperAccount({ spot: { USDT: balances.spot }, futuresUsdt: balances.futures });
  const otp = await bindingCode(member.email, member.idToken);
  expect(
    (await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, member.idToken)).status,
  ).toBe(200);
  return member;
};

const deploy = (member: Member, bot: string, accept = true, extra: Record<string, unknown> = {}) =>
  deployBot(member.idToken, PageBotId.parse(bot), { acceptTerms: accept, acceptRisk: accept, ...extra });

const undeploy = (member: Member, bot: string) =>
  call('undeployBot', { bot, acceptTerms: true, acceptRisk: true }, member.idToken);

const pageBots = PageBotId.options;

describe('deploy gates', () => {
  it('refuses every bot to a member without a plan, and the gold bots to an Executive', async () => {
    const none = await withPlan(null);
    for (const bot of pageBots) {
      const answer = await deploy(none, bot);
      expect(answer.status, bot).toBe(400);
      expect(answer.body.message, bot).toBe(bot === 'alfa' ? gateMessages.noPlan : gateMessages.premium);
    }
    const dca = await startDcaAuto(none.idToken, 'universal', 100);
    expect(dca.body.message).toBe(gateMessages.noPlan);

    const silver = await withPlan('executive');
    for (const bot of pageBots.filter((b) => b !== 'alfa')) {
      const answer = await deploy(silver, bot);
      expect(answer.body.message, bot).toBe(gateMessages.premium);
    }
    expect((await deploy(silver, 'alfa')).status).toBe(200);
    const board = await call('getBots', {}, silver.idToken);
    expect(board.body.plan).toBe('silver');
    expect(board.body.bots.find((b) => b.id === 'alfa')?.deployment?.status).toBe('active');
    expect(board.body.bots.find((b) => b.id === 'zeno')?.unlocked).toBe(false);
  });

  it('honours a bot an admin granted beyond the plan', async () => {
    const silver = await withPlan('executive');
    expect((await deploy(silver, 'zeno')).body.message).toBe(gateMessages.premium);
    const granted = await call(
      'editProfile',
      { memberId: await memberIdOf(silver.email), requestId: randomUUID(), grantedBot: 'zeno' },
      await logInAdmin(),
    );
    expect(granted.status).toBe(200);
    expect((await deploy(silver, 'zeno')).status).toBe(200);
  });

  it('asks for both checkboxes before anything else a gold member can fix', async () => {
    const gold = await withPlan('imperial');
    for (const bot of pageBots) {
      const answer = await deploy(gold, bot, false);
      expect(answer.body.message, bot).toBe(gateMessages.terms);
      const half = await deployBot(gold.idToken, bot, { acceptRisk: false });
      expect(half.body.message, bot).toBe(gateMessages.terms);
    }
    expect((await call('getBots', {}, gold.idToken)).body.bots.every((b) => b.deployment === null)).toBe(
      true,
    );
  });

  it('refuses each bot while a bot it conflicts with runs, and lets it once that bot is undeployed', async () => {
    const gold = await withPlan('imperial');
    for (const bot of pageBots)
      for (const running of conflictsOf(bot)) {
        expect((await deploy(gold, running)).status, `${running} first`).toBe(200);
        const refused = await deploy(gold, bot);
        expect([bot, running, refused.body.message]).toEqual([bot, running, gateMessages.conflict]);
        expect((await undeploy(gold, running)).status).toBe(200);
      }
    expect((await deploy(gold, 'nero')).status).toBe(200);
    expect((await deploy(gold, 'nero')).body.message).toBe(gateMessages.alreadyRunning);
  });

  it('keeps Trendex and the DCA bots apart: they share the spot balance', async () => {
    const gold = await withPlan('imperial');
    const dca = await startDcaAuto(gold.idToken, 'dcaking', 1200);
    expect(dca.status).toBe(200);
    expect((await deploy(gold, 'classic', true, { amount: 1000 * USDT })).body.message).toBe(
      gateMessages.closeDca,
    );
    expect((await call('closeDca', { id: dca.body.deployment.id }, gold.idToken)).status).toBe(200);
    const trendex = await deploy(gold, 'classic', true, { amount: 1000 * USDT });
    expect(trendex.status).toBe(200);
    expect(trendex.body.message).toBe('Trendex Ai trading Bot is active.');
    const again = await startDcaAuto(gold.idToken, 'universal', 300);
    expect(again.body.message).toBe(gateMessages.conflict);
  });

  it("checks the exchange last: the amount must be free on the bot's own market (spot alone for Trendex); no key, no bot", async () => {
    const poorSpot = await withPlan('imperial', { spot: 700, futures: 10_000 });
    const grid = await deploy(poorSpot, 'classic', true, { amount: 1000 * USDT });
    expect(grid.body.message).toBe(
      `${gateMessages.balance} Your Binance spot account has 700.00 USDT free; this bot would use 1000.00.`,
    );
    expect((await deploy(poorSpot, 'classic', true, { amount: 700 * USDT })).status).toBe(200);
    const noFutures = await withPlan('imperial', { spot: 2000, futures: 0 });
    expect((await deploy(noFutures, 'classic', true, { amount: 1000 * USDT })).status).toBe(200);

    const poorFutures = await withPlan('imperial', { spot: 10_000, futures: 1000 });
    expect((await deploy(poorFutures, 'nero')).body.message).toContain(gateMessages.balance);
    expect((await deploy(poorFutures, 'zeno')).status).toBe(200);

    const unbound = await newVerifiedMember();
    await topUp(unbound.idToken, '300');
    await call('activatePlan', { plan: 'imperial', requestId: randomUUID() }, unbound.idToken);
    expect((await deploy(unbound, 'zeno')).body.message).toBe(gateMessages.balance);
    expect(
      (await call('getBots', {}, unbound.idToken)).body.bots.find((b) => b.id === 'zeno')?.deployment,
    ).toBeNull();
  });

  it('treats the same requestId again as the same deploy', async () => {
    const gold = await withPlan('imperial');
    const requestId = randomUUID();
    const first = await deployBot(gold.idToken, 'glint', { requestId });
    const second = await deployBot(gold.idToken, 'glint', { requestId });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.deployment.id).toBe(first.body.deployment.id);
  });

  it('lets nobody but the member act on a DCA position', async () => {
    const owner = await withPlan('executive');
    const other = await withPlan('executive');
    const dca = await startDcaAuto(owner.idToken, 'aibot', 800);
    for (const op of ['closeDca', 'dcaOneShot'] as const) {
      const answer = await call(op, { id: dca.body.deployment.id }, other.idToken);
      expect(answer.status, op).toBe(404);
    }
    expect((await call('listDcaPositions', {}, other.idToken)).body.positions).toEqual([]);
    expect((await call('dcaOneShot', { id: dca.body.deployment.id }, owner.idToken)).body.message).toBe(
      'One Shot is activated.',
    );
    const listed = await call('listDcaPositions', {}, owner.idToken);
    expect(listed.body.positions.map((p) => [p.name, p.oneShot])).toEqual([['AI Bot', true]]);
  });
});
