/**
 * A realistic demo network, built through the real code paths, so every number the app shows
 * (team counts, points, direct bonuses, wallets, reports) is what the product itself computed:
 *
 * - a Cognito user per member (AdminCreateUser + a permanent password: all can log in), with the
 *   sign-up's reservation (auth store `reserveUsername`) and the member item made by auth's
 *   `admitMember`, the function the post-confirmation trigger calls;
 * - the placement through the team domain's `processPlacement` (the consumer's own code);
 * - funds as one ledger `post` per deposit (clearing -> wallet, shown as 'Demo deposit'), and
 *   plans bought through the plans service's `activatePlan`; each plan transaction then goes
 *   through the team consumer's `processActivation` (points up the tree, the 10% direct bonus),
 *   and `drainTeamWork` runs at the end until nothing is left (the sweep finds them done).
 *
 * Sponsors are a realistic mix: a few sign-ups on the top sponsor's own link, a quarter under a
 * dozen early "leaders" (their legs grow long: spill-over), a third under recent members, the rest
 * anywhere. A seeded PRNG picks them, so a run with the same seed has the same shape.
 *
 * Reads its settings from the environment like the handlers do (TABLE_NAME, DYNAMODB_ENDPOINT,
 * COGNITO_ENDPOINT, USER_POOL_ID): import it after they are set (scripts/seed-demo.ts does).
 */
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import type { PlanOption } from '#api/schemas/plans';
import { config } from '#core/config';
import { keys, queryAll, tableName } from '#core/db';
import type { Micro } from '#api/money';
import { admitOwnAccount, findSponsor } from '#functions/auth/service';
import { activatePlan } from '#functions/plans/service';
import { directBonusOf, processActivation } from '#functions/team/activations';
import { drainTeamWork } from '#functions/team/consumer';
import { processPlacement } from '#functions/team/placement';
import type { Side } from '#functions/team/tree';
import { accounts, transfer, type MemberWallet, type Posting } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import { addDepositedItem } from '#functions/wallet/store';
import { openAccount } from './accounts';

/** Every seeded member's password (the pool's policy: 9+ characters, upper case, digit, symbol). */
const DEMO_PASSWORD = 'Demo-Trendex-2026!';

interface SeedOptions {
  /** How many members to add. */
  members: number;
  /** The username the demo network grows under (default: the tree's root, the seeded admin). */
  under: string;
  /** PRNG seed: the same seed gives the same shape and plans. */
  seed?: number;
  /** Members joined at once (each: member item, placement, deposits, plans); 4 by default. */
  lanes?: number;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
}

interface SeededMember {
  id: string;
  email: string;
  username: string;
  name: string;
  sponsor: string;
  side: Side;
  /** The plans bought, in order, and what they cost together (the points they add up the tree). */
  plans: PlanOption[];
  spent: Micro;
}

interface SeedResult {
  top: { id: string; username: string };
  members: SeededMember[];
  plansBought: number;
  /** Sum of every plan price: the points the purchases added up the tree. */
  points: Micro;
  /** 10% of each plan price, paid to the buyer's sponsor. */
  directBonus: Micro;
  deposited: Micro;
  logins: { email: string; password: string; what: string }[];
  seconds: number;
}

const FIRST = [
  'Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Sara', 'Omar', 'Fatima', 'Chinedu', 'Amara',
  'James', 'Emily', 'Lukas', 'Mia', 'Carlos', 'Lucia', 'Ken', 'Yuki', 'Arjun', 'Meera', 'Tunde',
  'Grace', 'Hassan', 'Leila', 'Daniel', 'Sofia', 'Ravi', 'Nisha', 'Joseph', 'Aisha',
]; // prettier-ignore
const LAST = [
  'Sharma', 'Patel', 'Khan', 'Okafor', 'Smith', 'Garcia', 'Müller', 'Tanaka', 'Reyes', 'Iyer',
  'Adeyemi', 'Haddad', 'Brown', 'Rossi', 'Nair', 'Mensah', 'Santos', 'Kumar', 'Wilson', 'Ali',
]; // prettier-ignore
const COUNTRIES: CountryCode[] = ['IN', 'IN', 'IN', 'AE', 'NG', 'GB', 'PH', 'ID', 'US', 'DE'];

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** A valid mobile number of the country (its example number with other last digits), E.164. */
const mobileOf = (random: Random, country: CountryCode): string => {
  const example = getExampleNumber(country, examples)!;
  for (let attempt = 0; attempt < 10; attempt++) {
    const national =
      example.nationalNumber.slice(0, -4) + String(Math.floor(random() * 10_000)).padStart(4, '0');
    const phone = parsePhoneNumberFromString(national, country);
    if (phone?.isValid()) return phone.number;
  }
  return example.number;
};

/**
 * The plans a member buys, in order: a third none, Executive (some upgrade later), Imperial. A Core
 * plan is bought only where the membership does not include it (api/plans.ts): Trendex Core by
 * some members without a membership, Premium Trendex Core by some Executive members.
 */
const plansOf = (random: Random): PlanOption[] => {
  const x = random();
  const plans: PlanOption[] = x < 0.32 ? [] : x < 0.7 ? ['executive'] : ['imperial'];
  if (plans[0] === 'executive' && random() < 0.2) plans.push('upgrade');
  if (!plans.length && random() < 0.15) plans.push('core');
  if (plans.length === 1 && plans[0] === 'executive' && random() < 0.15) plans.push('premiumCore');
  return plans;
};

const usdt = (whole: number): Micro => whole * 1_000_000;

/** The first members of a run, who get a quarter of the later sign-ups (long legs: spill-over). */
const LEADERS = 12;

/** Funds for the plans as a deposit would bring them: rounded up to 50 USDT, sometimes more. */
const depositsFor = (random: Random, plans: PlanOption[]): Partial<Record<MemberWallet, Micro>> => {
  const need: Partial<Record<MemberWallet, Micro>> = {};
  for (const plan of plans) {
    const offer = config.plans[plan];
    need[offer.wallet] = (need[offer.wallet] ?? 0) + offer.price;
  }
  if (!plans.length && random() < 0.15) need.wallet = usdt(50); // deposited, not decided yet
  for (const wallet of Object.keys(need) as MemberWallet[]) {
    const fifties = Math.ceil(need[wallet]! / usdt(50));
    need[wallet] = usdt(50 * (fifties + (random() < 0.4 ? Math.floor(random() * 5) : 0)));
  }
  return need;
};

/** A ledger deposit, as the payment callback credits one (clearing -> wallet), shown as 'Demo deposit'. */
const deposit = async (member: SeededMember, wallet: MemberWallet, amount: Micro, n: number) => {
  const result = await post({
    tx: {
      idempotencyKey: `demo-deposit:${member.id}:${wallet}:${n}`,
      kind: 'deposit',
      postings: transfer(accounts.clearing, accounts.member(member.id, wallet), amount),
    },
    memberId: member.id,
    display: { type: 'Demo deposit', amount, wallet },
    ref: { email: member.email, demo: 'seed' },
    extra: [addDepositedItem(member.id, amount)],
  });
  if (result.status !== 'applied') throw new Error(`demo deposit for ${member.username}: ${result.status}`);
};

/** Runs the team consumer until it finds nothing more to do (placements, then activations). */
const drainAll = async (): Promise<void> => {
  for (let round = 0; round < 10_000; round++) {
    const { placed, activations } = await drainTeamWork();
    if (!placed && !activations) return;
  }
  throw new Error('the team consumer did not finish');
};

/**
 * The member's plan transactions, handed to the team consumer's own `processActivation` as its
 * sweep hands them (so the seed does not wait for the sweep; a later sweep finds them done).
 */
const activateInTree = async (memberId: string): Promise<void> => {
  const rows = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'kind = :plan',
    ExpressionAttributeValues: { ':pk': keys.memberTransactions(memberId), ':plan': 'plan' },
  });
  rows.sort((a, b) => String(a.GSI1SK).localeCompare(String(b.GSI1SK)));
  for (const item of rows) {
    const tx = {
      txId: item.txId as string,
      memberId,
      postings: item.postings as Posting[],
      email: (item.ref as { email?: string } | undefined)?.email,
      date: item.date as string,
      plan: (item.ref as { plan?: string } | undefined)?.plan,
    };
    const outcome = await processActivation(tx);
    if (outcome === 'not-placed') throw new Error(`activation ${tx.txId}: the buyer is not placed`);
  }
};

interface Planned {
  username: string;
  email: string;
  name: string;
  sponsor: string;
  side: Side;
  country: CountryCode;
  phone: string;
  plans: PlanOption[];
  funds: Partial<Record<MemberWallet, Micro>>;
}

export const seedDemo = async (options: SeedOptions): Promise<SeedResult> => {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const lanes = Math.max(1, options.lanes ?? 4);
  const random = mulberry32(options.seed ?? Date.now() % 2 ** 31);
  const top = await findSponsor(options.under.toLowerCase());
  if (!top) throw new Error(`no member with the username "${options.under}" to grow the demo network under`);
  // a tag per run: a second run adds new members instead of colliding with the first
  const tag = Date.now().toString(36);
  /** Placed members, in the order they were placed: the only ones chosen as sponsors. */
  const seeded: SeededMember[] = [];
  let joined = 0;
  const result: SeedResult = {
    top: { id: top.id, username: options.under.toLowerCase() },
    members: seeded,
    plansBought: 0,
    points: 0,
    directBonus: 0,
    deposited: 0,
    logins: [],
    seconds: 0,
  };

  const sponsorOf = (): string => {
    const x = random();
    if (!seeded.length || x < 0.04) return result.top.username;
    const leaders = Math.min(seeded.length, LEADERS);
    if (x < 0.3) return seeded[Math.floor(random() ** 2 * leaders)].username;
    if (x < 0.65)
      return seeded[seeded.length - 1 - Math.floor(random() * Math.min(seeded.length, 100))].username;
    return pick(random, seeded).username;
  };

  const plan = (i: number): Planned => {
    const username = `demo_${tag}_${i}`;
    const country = pick(random, COUNTRIES);
    // the early members become the leaders: they hold a membership, as active sponsors do
    const chosen = plansOf(random);
    const plans: PlanOption[] = i < LEADERS && !chosen.length ? ['imperial'] : chosen;
    return {
      username,
      email: `${username}@demo.trendex.local`,
      name: `${pick(random, FIRST)} ${pick(random, LAST)}`,
      sponsor: sponsorOf(),
      side: random() < 0.5 ? 'Left' : 'Right',
      country,
      phone: mobileOf(random, country),
      plans,
      funds: depositsFor(random, plans),
    };
  };

  /** What a sign-up does before the e-mail is confirmed: the reservation, then the Cognito account. */
  const signUp = (next: Planned): Promise<string> => openAccount({ ...next, password: DEMO_PASSWORD });

  /** Confirmation onwards: the member item, the placement, the deposits, the plans and their activations. */
  const join = async (next: Planned, id: string): Promise<void> => {
    await admitOwnAccount({ id, email: next.email });
    const placed = await processPlacement(id);
    if (placed !== 'placed' && placed !== 'already') throw new Error(`placing ${next.username}: ${placed}`);
    const member: SeededMember = {
      id,
      email: next.email,
      username: next.username,
      name: next.name,
      sponsor: next.sponsor,
      side: next.side,
      plans: next.plans,
      spent: 0,
    };
    seeded.push(member);
    let n = 0;
    for (const [wallet, amount] of Object.entries(next.funds) as [MemberWallet, Micro][]) {
      await deposit(member, wallet, amount, n++);
      result.deposited += amount;
    }
    for (const p of next.plans) {
      await activatePlan(id, p);
      const price = config.plans[p].price;
      member.spent += price;
      result.plansBought += 1;
      result.points += price;
      result.directBonus += directBonusOf(price);
    }
    if (next.plans.length) await activateInTree(id);
    const done = ++joined;
    if (done % 100 === 0 || done === options.members) {
      const seconds = (performance.now() - started) / 1000;
      log(
        `  ${done}/${options.members} members  ${seconds.toFixed(0)} s  (${(done / seconds).toFixed(1)}/s)`,
      );
    }
  };

  // Cognito accounts are made one at a time (cognito-local keeps its users in one file), a few
  // ahead of the lanes that do the rest; a sponsor is always a member placed already.
  const signUps = new Map<number, Promise<string>>();
  let made = 0;
  let taken = 0;
  let failure: unknown = null;
  const planned: Planned[] = [];
  const producer = (async () => {
    while (made < options.members && !failure) {
      while (made - taken >= lanes * 2 && !failure) await new Promise((r) => setTimeout(r, 5));
      const next = plan(made);
      planned.push(next);
      const account = signUp(next);
      signUps.set(made, account);
      made += 1;
      await account.catch(() => {});
    }
  })();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (taken < options.members && !failure) {
        const i = taken++;
        while (!signUps.has(i)) await new Promise((r) => setTimeout(r, 5));
        try {
          await join(planned[i], await signUps.get(i)!);
        } catch (error) {
          failure ??= error;
        }
        signUps.delete(i);
      }
    }),
  );
  await producer;
  if (failure) throw failure;
  await drainAll();

  const byLeg = (username: string) => seeded.filter((m) => m.sponsor === username).length;
  const leader = [...seeded].sort((a, b) => byLeg(b.username) - byLeg(a.username))[0];
  const imperial = seeded.find((m) => m.plans.includes('imperial') && m !== leader);
  const newcomer = [...seeded].reverse().find((m) => !m.plans.length);
  for (const [m, what] of [
    [leader, `a leader: ${leader ? byLeg(leader.username) : 0} direct referrals`],
    [imperial, 'an Imperial member'],
    [newcomer, 'a recent member without a plan'],
  ] as const)
    if (m) result.logins.push({ email: m.email, password: DEMO_PASSWORD, what });
  result.seconds = (performance.now() - started) / 1000;
  return result;
};
