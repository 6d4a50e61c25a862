/**
 * Activations under a fresh sponsor against the test stack: active members counted once per leg
 * (first Executive/Imperial only), per-day leg counts read back by legActivations for a date range,
 * and the reward rows of the direct and binary bonus with today's and cumulative profit. Repeated
 * runs add nothing twice.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, mailedToken, stack, table, uniqueMember } from '../../support/api';
import { topUp, useLocalTable } from '../wallet/fund';

let activations: typeof import('#functions/team/activations');
let placement: typeof import('#functions/team/placement');
let store: typeof import('#functions/team/store');
beforeAll(async () => {
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  activations = await import('#functions/team/activations');
  placement = await import('#functions/team/placement');
  store = await import('#functions/team/store');
});

const node = async (id: string) =>
  (
    await table().send(
      new GetCommand({
        TableName: stack().tableName,
        Key: { PK: `MEMBER#${id}`, SK: 'TREE' },
        ConsistentRead: true,
      }),
    )
  ).Item;

/** A real member through sign-up, e-mail link and the placement queue. */
const join = async (sponsor: string, side: 'Left' | 'Right') => {
  const member = { ...uniqueMember(sponsor), side };
  expect((await call('signUp', member)).status).toBe(201);
  await call('verifyEmail', { token: (await mailedToken(member.email, '/verify'))! });
  const idToken = await logIn(member.email, member.password);
  const id = (await call('getProfile', {}, idToken)).body.id as string;
  await expect.poll(() => node(id), { timeout: 10_000 }).toBeTruthy();
  return { ...member, id, idToken };
};

/** Buys Executive through the API (which also puts the price in revenue, where bonuses come from). */
const activate = async (idToken: string, plan: 'executive' | 'imperial' | 'upgrade' = 'executive') => {
  await topUp(idToken, '500');
  const r = await call('activatePlan', { plan }, idToken);
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
