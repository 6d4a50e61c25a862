/**
 * Activations under a fresh sponsor against the test stack: active members counted once per leg
 * (first Executive/Imperial only), per-day leg counts read back by legActivations for a date range,
 * and the reward rows of the direct and binary bonus with today's and cumulative profit. Repeated
 * runs add nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, stack } from '../../support/api';
import { join, node } from '../../support/team';
import { topUp, useLocalTable } from '../../support/fund';

let activations: typeof import('#functions/team/activations');
let placement: typeof import('#functions/team/placement');
let store: typeof import('#functions/team/activations/store') &
  typeof import('#functions/team/placements/store') &
  typeof import('#functions/team/rewards/store') &
  typeof import('#functions/team/store');
let payout: typeof import('#functions/team/payoutRun');
beforeAll(async () => {
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  activations = await import('#functions/team/activations');
  placement = await import('#functions/team/placement');
  store = {
    ...(await import('#functions/team/activations/store')),
    ...(await import('#functions/team/placements/store')),
    ...(await import('#functions/team/rewards/store')),
    ...(await import('#functions/team/store')),
  };
  payout = await import('#functions/team/payoutRun');
});

/** Buys Executive through the API (which also puts the price in revenue, where bonuses come from). */
const activate = async (idToken: string, plan: 'executive' | 'imperial' | 'upgrade' = 'executive') => {
  await topUp(idToken, '500');
  const r = await call('activatePlan', { plan, requestId: randomUUID() }, idToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

let synthetic = 0;
/** A synthetic member placed straight through the placement functions (no sign-up), for volume. */
const place = async (sponsorId: string, side: 'Left' | 'Right') => {
  const id = `syn${Date.now().toString(36)}${(synthetic++).toString(36)}${Math.floor(Math.random() * 1e6)}`;
  await placement.requestPlacement({
    memberId: id,
    sponsorId,
    side,
    email: `${id}@example.com`,
    name: 'Synthetic Member',
    username: id,
    registeredAt: new Date().toISOString(),
  });
  await placement.processPlacement(id);
  await expect.poll(async () => (await store.getPlacement(id))?.status).toBe('done');
  return id;
};

/** A plan activation as the sweep hands it over (a synthetic plan transaction of `price` micro-USDT). */
const planTx = (memberId: string, plan: string, date: string, price = 10_000_000) => ({
  txId: `tx${Date.now().toString(36)}${(synthetic++).toString(36)}${Math.floor(Math.random() * 1e6)}`,
  memberId,
  plan,
  date,
  email: `${memberId}@example.com`,
  postings: [
    { account: `member:${memberId}:wallet`, amount: -price },
    { account: 'platform:revenue', amount: price },
  ],
});

describe('active members and leg activations by day', () => {
  it('counts each member once per leg and day, and legActivations answers a date range', async () => {
    const sponsor = await join(stack().admin.username, 'Right');
    await activate(sponsor.idToken); // revenue to pay the synthetic activations' direct bonuses from
    const [l1, l2, r1] = [
      await place(sponsor.id, 'Left'),
      await place(sponsor.id, 'Left'),
      await place(sponsor.id, 'Right'),
    ];
    const day1 = '2024-03-01';
    const day2 = '2024-03-03';
    const txs = [
      planTx(l1, 'executive', `${day1}T10:00:00.000Z`),
      planTx(l1, 'upgrade', `${day1}T11:00:00.000Z`), // points, no count
      planTx(r1, 'imperial', `${day1}T23:59:59.000Z`),
      planTx(l2, 'executive', `${day2}T00:00:00.000Z`),
      planTx(l2, 'executive', `${day2}T12:00:00.000Z`), // a renewal: points, no count
      planTx(r1, 'core', `${day2}T13:00:00.000Z`),
    ];
    for (const tx of txs) expect(await activations.processActivation(tx)).toBe('done');
    // every one again, and all of them at once: nothing more
    const again = await Promise.all(txs.map((tx) => activations.processActivation(tx)));
    expect(again).toEqual(txs.map(() => 'already'));

    const n = (await node(sponsor.id))!;
    expect([n.leftActive, n.rightActive]).toEqual([2, 1]);
    expect([n.leftPoints, n.rightPoints]).toEqual([40_000_000, 20_000_000]);
    // l1 holds l2 (bottom of the sponsor's left leg): one active member below it on the left
    expect((await node(l1))!.leftActive).toBe(1);

    expect(await store.legActivations(sponsor.id, '2024-03-01', '2024-03-31')).toEqual({
      left: 2,
      right: 1,
      days: [
        { day: day1, left: 1, right: 1 },
        { day: day2, left: 1, right: 0 },
      ],
    });
    expect(await store.legActivations(sponsor.id, '2024-03-02', '2024-03-03')).toEqual({
      left: 1,
      right: 0,
      days: [{ day: day2, left: 1, right: 0 }],
    });
    expect(await store.legActivations(sponsor.id, '2024-04-01', '2024-04-30')).toEqual({
      left: 0,
      right: 0,
      days: [],
    });
    // the sponsor's own parent counts the three on the leg that holds the sponsor
    const parent = await store.legActivations(n.parentId as string, day1, day2);
    const side = n.position === 'Left' ? 'left' : 'right';
    expect(parent[side]).toBeGreaterThanOrEqual(3);
  });

  it('counts the first activation when its run stopped after claiming the marker', async () => {
    const sponsor = await join(stack().admin.username, 'Right');
    await activate(sponsor.idToken);
    const buyer = await place(sponsor.id, 'Right');
    const tx = planTx(buyer, 'imperial', '2024-05-05T05:00:00.000Z');
    // a run that claimed the marker and stopped before its progress item
    expect(await store.claimFirstActivation(buyer, tx.txId, '2024-05-05')).toBe(tx.txId);
    expect(await activations.processActivation(tx)).toBe('done');
    expect((await node(sponsor.id))!.rightActive).toBe(1);
    expect(await store.legActivations(sponsor.id, '2024-05-05', '2024-05-05')).toMatchObject({
      left: 0,
      right: 1,
    });
  });
});

interface Rewards {
  items: { date: string; type: string; amount: number }[];
  cursor?: string;
  todayProfit: number;
  cumulativeProfit: number;
}
const rewards = async (
  idToken: string,
  input: { tab?: 'activation' | 'trading'; limit?: number; cursor?: string } = {},
) => {
  const r = await call('listRewards', input, idToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Rewards;
};

/** Every row of the tab's date list for the range (all pages), of one member. */
const bonusRowsOf = async (memberId: string, day: string) => {
  const rows: Awaited<ReturnType<typeof store.listRewardsByDate>>['items'] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listRewardsByDate('activation', day, day, { limit: 50, cursor });
    rows.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return rows.filter((row) => row.memberId === memberId);
};

describe('referral rewards', () => {
  it('writes a reward row per bonus, sums today and in all, and a repeated run adds nothing', async () => {
    const sponsor = await join(stack().admin.username, 'Right');
    await activate(sponsor.idToken); // Executive: a binary bonus needs a plan
    const left = await join(sponsor.username, 'Left');
    const right = await join(sponsor.username, 'Right');
    expect(await rewards(sponsor.idToken)).toEqual({ items: [], todayProfit: 0, cumulativeProfit: 0 });

    await activate(left.idToken, 'executive');
    await activate(right.idToken, 'imperial');
    const priceOf = async (idToken: string) =>
      500_000_000 - Number((await call('getWallet', {}, idToken)).body.wallet);
    const [executive, imperial] = [await priceOf(left.idToken), await priceOf(right.idToken)];
    const direct = [Math.floor(imperial / 10), Math.floor(executive / 10)];
    await expect.poll(async () => (await rewards(sponsor.idToken)).items.length, { timeout: 10_000 }).toBe(2);

    const today = new Date().toISOString().slice(0, 10);
    const page = await rewards(sponsor.idToken);
    expect(page.items.map((r) => [r.type, r.amount])).toEqual([
      ['Direct Bonus', direct[0]],
      ['Direct Bonus', direct[1]],
    ]);
    expect(page.items.every((r) => r.date.startsWith(today))).toBe(true);
    expect(page).toMatchObject({
      todayProfit: direct[0] + direct[1],
      cumulativeProfit: direct[0] + direct[1],
    });

    // Team Glance: the Activation Team and Activation Profit cards
    await expect
      .poll(async () => (await call('getTeam', {}, sponsor.idToken)).body, { timeout: 10_000 })
      .toMatchObject({
        leftActive: 1,
        rightActive: 1,
        activationProfitToday: direct[0] + direct[1],
        activationProfitTotal: direct[0] + direct[1],
      });
    expect(await store.legActivations(sponsor.id, today, today)).toEqual({
      left: 1,
      right: 1,
      days: [{ day: today, left: 1, right: 1 }],
    });

    // the admin's list by date: what each direct bonus was for
    expect(
      (await bonusRowsOf(sponsor.id, today)).map((r) => [r.type, r.ownerEmail, r.email, r.side, r.amount]),
    ).toEqual([
      ['Direct Bonus', sponsor.email, left.email, 'Left', direct[1]],
      ['Direct Bonus', sponsor.email, right.email, 'Right', direct[0]],
    ]);

    // the daily binary bonus: 10% of the matched points (the smaller leg), capped at 230 (Executive)
    await expect.poll(async () => Number((await node(sponsor.id))!.rightPoints)).toBe(imperial);
    const sponsorNode = (await store.getNode(sponsor.id))!;
    expect(await payout.payNode(sponsorNode, today)).toBe('paid');
    const binary = Math.min(Math.floor(executive / 10), 230_000_000);
    const after = await rewards(sponsor.idToken);
    expect(after.items[0]).toMatchObject({ type: 'Binary Bonus', amount: binary });
    const total = direct[0] + direct[1] + binary;
    expect(after).toMatchObject({ todayProfit: total, cumulativeProfit: total });
    const binaryRow = (await bonusRowsOf(sponsor.id, today)).find((r) => r.type === 'Binary Bonus');
    expect(binaryRow).toMatchObject({
      ownerEmail: sponsor.email,
      matched: executive,
      day: today,
      amount: binary,
    });

    // everything again: no row, no profit added
    await activations.processActivations();
    expect(await payout.payNode(sponsorNode, today)).toBe('already');
    const again = await rewards(sponsor.idToken);
    expect(again.items).toHaveLength(3);
    expect(again).toMatchObject({ todayProfit: total, cumulativeProfit: total });
    expect(await bonusRowsOf(sponsor.id, today)).toHaveLength(3);
    expect((await call('getTeam', {}, sponsor.idToken)).body).toMatchObject({
      leftActive: 1,
      rightActive: 1,
    });

    // pages, newest first, with no empty last page
    const first = await rewards(sponsor.idToken, { limit: 2 });
    expect(first.items.map((r) => r.type)).toEqual(['Binary Bonus', 'Direct Bonus']);
    expect(first.cursor).toBeTruthy();
    const second = await rewards(sponsor.idToken, { limit: 2, cursor: first.cursor });
    expect(second.items.map((r) => r.amount)).toEqual([direct[1]]);
    expect(second.cursor).toBeUndefined();

    // the Trading tab has nothing yet; another member sees none of the sponsor's rewards
    expect(await rewards(sponsor.idToken, { tab: 'trading' })).toEqual({
      items: [],
      todayProfit: 0,
      cumulativeProfit: 0,
    });
    expect(await rewards(left.idToken)).toEqual({ items: [], todayProfit: 0, cumulativeProfit: 0 });
  });
});
