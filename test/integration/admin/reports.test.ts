/**
 * The admin's Registration, Activation, Payout structure and Leaders reports through the API, on a
 * fresh subtree (a sponsor under the root's Right leg, one recruit per leg who buys a membership):
 * each lists its rows in the range and not outside, paging returns every row once, the first
 * page's totals match the rows, the range is validated, and members are refused.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#core/db';
import { call, logInAdmin, stack, table } from '../../support/api';
import { join, placed } from '../../support/team';
import { topUp, useLocalTable } from '../../support/fund';

type Row = Record<string, unknown> & { id: string };
type Page = { items: Row[]; cursor?: string; totals?: Record<string, unknown> & { count: number } };

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = dayOf(Date.now());
const yesterday = dayOf(Date.now() - DAY_MS);
const tomorrow = dayOf(Date.now() + DAY_MS);
const yearAgo = dayOf(Date.now() - 365 * DAY_MS);

let admin: string;

const report = async (op: string, input: Record<string, string | number>, token = admin) => {
  const r = await call(op as 'registrationReport', input, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Page;
};

/** Every page of a report with a small limit; the first page's totals and all rows, in order. */
const allPages = async (op: string, input: Record<string, string>, limit: number) => {
  const first = await report(op, { ...input, limit });
  const rows = [...first.items];
  let cursor = first.cursor;
  for (let pages = 1; cursor; pages++) {
    expect(pages).toBeLessThan(500);
    const next = await report(op, { ...input, limit, cursor });
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.length).toBeLessThanOrEqual(limit);
    expect(next.totals).toBeUndefined();
    rows.push(...next.items);
    cursor = next.cursor;
  }
  return { totals: first.totals!, rows };
};

const buy = async (idToken: string, plan: 'executive' | 'imperial') => {
  await topUp(idToken, '300');
  const r = await call('activatePlan', { plan, requestId: randomUUID() }, idToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

let sponsor: Awaited<ReturnType<typeof join>>;
let left: Awaited<ReturnType<typeof join>>;
let right: Awaited<ReturnType<typeof join>>;

beforeAll(async () => {
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  admin = await logInAdmin();
  sponsor = await join(stack().admin.username, 'Right');
  left = await join(sponsor.username, 'Left');
  right = await join(sponsor.username, 'Right');
  await buy(left.idToken, 'executive');
  await buy(right.idToken, 'imperial');
}, 120_000);

describe('Registration Report', () => {
  it('lists the fresh members registered today, every row once across pages, and none outside', async () => {
    const { totals, rows } = await allPages('registrationReport', { from: today, to: today }, 7);
    expect(totals.count).toBe(rows.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const mine = rows.filter((r) => [sponsor.id, left.id, right.id].includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([sponsor.id, left.id, right.id]); // oldest first
    expect(mine[1]).toEqual({
      id: left.id,
      email: left.email,
      name: left.name,
      username: left.username,
      sponsor: sponsor.username,
      mobile: expect.stringContaining(left.mobile),
      rank: 1,
      registeredAt: expect.stringMatching(new RegExp(`^${today}T`)),
      signedUpAt: expect.stringMatching(new RegExp(`^${today}T`)),
    });
    for (const range of [
      { from: yearAgo, to: yesterday },
      { from: tomorrow, to: tomorrow },
    ]) {
      const outside = await allPages('registrationReport', range, 100);
      expect(outside.rows.map((r) => r.id)).not.toContain(left.id);
    }
  });

  it('keeps whole UTC days: the first and last instant of a day are in, the next day is not', async () => {
    // members registered on a random past day (written as the sign-up writes them), so only this test's
    const base = Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 7000) * DAY_MS;
    const day = dayOf(base);
    const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const at = [
      new Date(base - 1).toISOString(), // the day before, 23:59:59.999
      new Date(base).toISOString(),
      new Date(base + 12 * 3600_000).toISOString(),
      new Date(base + 12 * 3600_000).toISOString(),
      new Date(base + DAY_MS - 1).toISOString(),
      new Date(base + DAY_MS).toISOString(), // the day after, 00:00
    ];
    const ids = at.map((_, i) => `hist${n}${i}`);
    for (const [i, registeredAt] of at.entries())
      await table().send(
        new PutCommand({
          TableName: stack().tableName,
          Item: {
            ...keys.member(ids[i]),
            ...keys.memberByRegistration(registeredAt, ids[i]),
            id: ids[i],
            email: `${ids[i]}@example.com`,
            name: `History ${i}`,
            username: ids[i],
            phone: '+919876543210',
            rank: 2,
            sponsor: stack().admin.username,
            registeredAt,
          },
        }),
      );
    const onDay = await allPages('registrationReport', { from: day, to: day }, 1);
    expect(onDay.rows.map((r) => r.id)).toEqual(ids.slice(1, 5));
    expect(onDay.totals.count).toBe(4);
    const threeDays = await allPages(
      'registrationReport',
      { from: dayOf(base - DAY_MS), to: dayOf(base + DAY_MS) },
      4,
    );
    expect(threeDays.rows.map((r) => r.id)).toEqual(ids);
    expect(threeDays.totals.count).toBe(6);
    const dayAfter = await report('registrationReport', {
      from: dayOf(base + DAY_MS),
      to: dayOf(base + DAY_MS),
    });
    expect(dayAfter.items.map((r) => r.id)).toEqual([ids[5]]);
  });
});

describe('Activation Report', () => {
  it('lists each membership with its plan, filters by e-mail, and totals gold and silver', async () => {
    const silver = await report('activationReport', { from: today, to: today, email: left.email });
    expect(silver.items).toEqual([
      expect.objectContaining({
        id: left.id,
        email: left.email,
        name: left.name,
        username: left.username,
        sponsor: sponsor.username,
        rank: 1,
        plan: 'executive',
        membership: 'silver',
        amount: 180_000_000,
        activatedAt: expect.stringMatching(new RegExp(`^${today}T`)),
      }),
    ]);
    expect(silver.totals).toEqual({ count: 1, gold: 0, silver: 1, goldAmount: 0, silverAmount: 180_000_000 });
    const gold = await report('activationReport', {
      from: today,
      to: today,
      email: right.email.toUpperCase(),
    });
    expect(gold.items).toEqual([
      expect.objectContaining({ id: right.id, plan: 'imperial', membership: 'gold' }),
    ]);
    expect(gold.totals).toEqual({ count: 1, gold: 1, silver: 0, goldAmount: 250_000_000, silverAmount: 0 });
    // a member without a plan has no row
    expect(
      (await report('activationReport', { from: today, to: today, email: sponsor.email })).items,
    ).toEqual([]);
  });

  it('pages every activation of the range once, with totals that add up, and none outside', async () => {
    const { totals, rows } = await allPages('activationReport', { from: today, to: today }, 1);
    expect(new Set(rows.map((r) => `${r.id}${r.activatedAt}`)).size).toBe(rows.length);
    expect(rows.filter((r) => r.id === left.id || r.id === right.id)).toHaveLength(2);
    const gold = rows.filter((r) => r.membership === 'gold');
    const silver = rows.filter((r) => r.membership === 'silver');
    const sum = (rs: Row[]) => rs.reduce((s, r) => s + Number(r.amount), 0);
    expect(totals).toEqual({
      count: rows.length,
      gold: gold.length,
      silver: silver.length,
      goldAmount: sum(gold),
      silverAmount: sum(silver),
    });
    for (const range of [
      { from: yearAgo, to: yesterday },
      { from: tomorrow, to: tomorrow },
    ])
      expect((await report('activationReport', { ...range, email: left.email })).items).toEqual([]);
  });
});

describe('Referral payout structure', () => {
  it("lists the sponsor's direct bonuses with the leg and the buyer, every row once across pages", async () => {
    // the direct bonuses are paid off the request path (the team consumer): wait for both
    const mine = async () =>
      (await allPages('payoutStructureReport', { from: today, to: today }, 3)).rows.filter(
        (r) => r.owner === sponsor.email,
      );
    await expect.poll(async () => (await mine()).length, { timeout: 20_000, interval: 300 }).toBe(2);
    expect(await mine()).toEqual([
      expect.objectContaining({ type: 'Direct Bonus', side: 'Left', email: left.email, amount: 18_000_000 }),
      expect.objectContaining({
        type: 'Direct Bonus',
        side: 'Right',
        email: right.email,
        amount: 25_000_000,
      }),
    ]);
    const { totals, rows } = await allPages('payoutStructureReport', { from: today, to: today }, 2);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(totals).toEqual({ count: rows.length, amount: rows.reduce((s, r) => s + Number(r.amount), 0) });
    for (const range of [
      { from: yearAgo, to: yesterday },
      { from: tomorrow, to: tomorrow },
    ])
      expect((await allPages('payoutStructureReport', range, 100)).rows.map((r) => r.owner)).not.toContain(
        sponsor.email,
      );
  });
});

describe('Leaders activation report', () => {
  it("counts the member's left and right activations in the range, per day", async () => {
    await expect
      .poll(
        async () => (await report('leadersReport', { from: today, to: today, email: sponsor.email })).totals,
        {
          timeout: 20_000,
          interval: 300,
        },
      )
      .toEqual({
        count: 1,
        left: 1,
        right: 1,
        member: { id: sponsor.id, email: sponsor.email, name: sponsor.name, username: sponsor.username },
      });
    const page = await report('leadersReport', { from: yesterday, to: tomorrow, email: sponsor.email });
    expect(page.items).toEqual([{ day: today, left: 1, right: 1 }]);
    const before = await report('leadersReport', { from: yearAgo, to: yesterday, email: sponsor.email });
    expect(before).toEqual({ items: [], totals: expect.objectContaining({ count: 0, left: 0, right: 0 }) });
  });

  it('pages the days of a longer history, each day once', async () => {
    // activations of members placed under a fresh sponsor on past days, through the team's own functions
    const placement = await import('#functions/team/placement');
    const activations = await import('#functions/team/activations');
    const lead = await join(sponsor.username, 'Left');
    const place = async (side: 'Left' | 'Right', i: number) => {
      const id = `lead${Date.now().toString(36)}${i}${Math.floor(Math.random() * 1e6)}`;
      await placement.requestPlacement({
        memberId: id,
        sponsorId: lead.id,
        side,
        email: `${id}@example.com`,
        name: 'Leg Member',
        username: id,
        registeredAt: new Date().toISOString(),
      });
      await placement.processPlacement(id);
      await placed(id);
      return id;
    };
    const days = ['2019-06-01', '2019-06-02', '2019-06-05', '2019-06-05', '2019-06-09', '2019-06-30'];
    const sides = ['Left', 'Right', 'Left', 'Left', 'Right', 'Left'] as const;
    for (const [i, day] of days.entries()) {
      const id = await place(sides[i], i);
      expect(
        await activations.processActivation({
          txId: `leadtx${id}`,
          memberId: id,
          plan: 'executive',
          date: `${day}T08:00:00.000Z`,
          email: `${id}@example.com`,
          postings: [
            { account: `member:${id}:wallet`, amount: -1_000_000 },
            { account: 'platform:revenue', amount: 1_000_000 },
          ],
        }),
      ).toBe('done');
    }
    const { totals, rows } = await allPages(
      'leadersReport',
      { from: '2019-06-01', to: '2019-06-30', email: lead.email },
      2,
    );
    expect(rows).toEqual([
      { day: '2019-06-01', left: 1, right: 0 },
      { day: '2019-06-02', left: 0, right: 1 },
      { day: '2019-06-05', left: 2, right: 0 },
      { day: '2019-06-09', left: 0, right: 1 },
      { day: '2019-06-30', left: 1, right: 0 },
    ]);
    expect(totals).toMatchObject({ count: 5, left: 4, right: 2 });
    const june2to9 = await report('leadersReport', {
      from: '2019-06-02',
      to: '2019-06-09',
      email: lead.email,
    });
    expect(june2to9.totals).toMatchObject({ count: 3, left: 2, right: 2 });
  });

  it('needs a known e-mail', async () => {
    const none = await call('leadersReport', { from: today, to: today }, admin);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Enter the member's e-mail.");
    const unknown = await call(
      'leadersReport',
      { from: today, to: today, email: 'nobody-here@example.com' },
      admin,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No member has this e-mail.');
  });
});

describe('every report', () => {
  const ops = ['registrationReport', 'activationReport', 'payoutStructureReport', 'leadersReport'] as const;
  const email = () => ({ email: sponsor.email });

  it('validates the range with a clear message', async () => {
    for (const op of ops) {
      const bad = async (input: Record<string, string>) => {
        const r = await call(op, { ...email(), ...input }, admin);
        expect(r.status, `${op} ${JSON.stringify(input)}`).toBe(400);
        return r.body;
      };
      expect((await bad({ to: today })).message).toBe('Choose a start date.');
      expect((await bad({ from: today })).message).toBe('Choose an end date.');
      expect(await bad({ from: '2024-02-30', to: '2024-03-01' })).toMatchObject({
        message: 'Choose a start date.',
        field: 'from',
      });
      expect(await bad({ from: '2024-03-02', to: '2024-03-01' })).toMatchObject({
        message: 'The start date must be on or before the end date.',
        field: 'to',
      });
      expect(await bad({ from: '2023-01-01', to: '2024-01-02' })).toMatchObject({
        message: 'Choose a range of at most 366 days.',
        field: 'to',
      });
      expect((await bad({ from: today, to: today, cursor: 'not-a-cursor' })).message).toBe(
        'This page link is no longer valid.',
      );
      // a leap year's whole range is allowed
      const year = await call(op, { ...email(), from: '2024-01-01', to: '2024-12-31' }, admin);
      expect(year.status, JSON.stringify(year.body)).toBe(200);
    }
  });

  it('is for admins only', async () => {
    for (const op of ops) {
      const input = { ...email(), from: today, to: today };
      expect((await call(op, input, left.idToken)).status).toBe(403);
      expect((await call(op, input)).status).toBe(401);
    }
  });
});
