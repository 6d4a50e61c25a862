/**
 * Plan activations in the tree: the price goes up as points on every ancestor's leg, and the
 * sponsor gets the 10% direct bonus in the wallet once, however often the work runs.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logInAdmin } from '../../support/api';
import { join, node } from '../../support/team';
import { topUp, useLocalTable } from '../../support/fund';

let activations: typeof import('#functions/team/activations');
beforeAll(async () => {
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  activations = await import('#functions/team/activations');
});

const wallet = async (idToken: string) => Number((await call('getWallet', {}, idToken)).body.wallet);

describe('plan activations in the tree', () => {
  it('adds the price as points up the tree and pays the sponsor the direct bonus once', async () => {
    const sponsor = await join();
    const buyer = await join(sponsor.username, 'Left'); // Left of the sponsor
    const sponsorNode = (await node(sponsor.id))!;
    const parentBefore = (await node(sponsorNode.parentId as string))!;
    const sponsorWallet = await wallet(sponsor.idToken);

    await topUp(buyer.idToken, '500');
    const before = await wallet(buyer.idToken);
    const activated = await call(
      'activatePlan',
      { plan: 'executive', requestId: randomUUID() },
      buyer.idToken,
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const price = before - (await wallet(buyer.idToken));
    expect(price).toBeGreaterThan(0);

    const points = (price / 1e6).toFixed(2);
    await expect
      .poll(async () => (await call('getTeam', {}, sponsor.idToken)).body.leftPoints, { timeout: 10_000 })
      .toBe(points);
    expect((await call('getTeam', {}, sponsor.idToken)).body.rightPoints).toBe('0.00');
    // the sponsor's parent gains the points on the leg that holds the sponsor
    const field = sponsorNode.position === 'Left' ? 'leftPoints' : 'rightPoints';
    await expect
      .poll(async () => Number((await node(sponsorNode.parentId as string))![field]))
      .toBe(Number(parentBefore[field] ?? 0) + price);

    const bonus = Math.floor(price / 10);
    await expect.poll(() => wallet(sponsor.idToken), { timeout: 10_000 }).toBe(sponsorWallet + bonus);
    const rows = (await call('listTransactions', {}, sponsor.idToken)).body as {
      items: { type: string; amount: number }[];
    };
    expect(rows.items.filter((r) => r.type === 'Direct Bonus').map((r) => r.amount)).toEqual([bonus]);

    // running the sweep again pays and adds nothing more
    await activations.processActivations();
    expect(await wallet(sponsor.idToken)).toBe(sponsorWallet + bonus);
    expect((await call('getTeam', {}, sponsor.idToken)).body.leftPoints).toBe(points);
  });

  it('counts a member once when activated: on the sponsor’s Activation Team and on the admin dashboard', async () => {
    const admin = await logInAdmin();
    const activated = async () => Number((await call('getAdminSummary', {}, admin)).body.activated);
    const sponsor = await join();
    const buyer = await join(sponsor.username, 'Left'); // Left of the sponsor
    const before = await activated();
    await topUp(buyer.idToken, '500');
    expect(
      (await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, buyer.idToken)).status,
    ).toBe(200);
    await expect.poll(activated, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 1);
    // the upgrade adds its points but the buyer stays one activated member
    expect(
      (await call('activatePlan', { plan: 'upgrade', requestId: randomUUID() }, buyer.idToken)).status,
    ).toBe(200);
    const team = async () => (await call('getTeam', {}, sponsor.idToken)).body;
    await expect.poll(async () => (await team()).leftPoints, { timeout: 10_000 }).toBe('200.00');
    expect(await team()).toMatchObject({ leftActive: 1, rightActive: 0 });
  });
});
