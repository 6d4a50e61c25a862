/**
 * The demo seed (local/seed/demo.ts, `npm run seed:demo`) against the test stack: a small network
 * under a fresh sponsor must be a valid tree whose stored counts and points equal a recount of
 * what the seed did, with real accounts that log in and direct bonuses in the sponsors' wallets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, stack } from '../../support/api';
import { join, node } from '../../support/team';
import { useLocalTable } from '../../support/fund';

let demo: typeof import('#local/seed/demo');
let bonusOf: (price: number) => number;
let priceOf: (plan: string) => number;
beforeAll(async () => {
  useLocalTable();
  Object.assign(process.env, {
    COGNITO_ENDPOINT: stack().cognitoEndpoint,
    USER_POOL_ID: stack().userPoolId,
    USER_POOL_CLIENT_ID: stack().userPoolClientId,
    LOG_LEVEL: 'ERROR',
  });
  demo = await import('#local/seed/demo');
  bonusOf = (await import('#functions/team/activations')).directBonusOf;
  const { config } = await import('#core/config');
  priceOf = (plan) => config.plans[plan as keyof typeof config.plans].price;
});

interface Node {
  id: string;
  parentId: string | null;
  position: 'Left' | 'Right' | null;
  left?: string;
  right?: string;
  leftCount: number;
  rightCount: number;
  leftPoints: number;
  rightPoints: number;
  directLeft?: number;
  directRight?: number;
}

describe('npm run seed:demo', () => {
  it('grows a valid tree whose counts, points and bonuses are what it placed and bought', async () => {
    const top = await join();
    const wallet0 = Number((await call('getWallet', {}, top.idToken)).body.wallet);
    const result = await demo.seedDemo({ members: 60, under: top.username, seed: 42 });

    expect(result.members).toHaveLength(60);
    expect(result.plansBought).toBeGreaterThan(20);
    const bought = result.members.flatMap((m) => m.plans);
    expect(result.points).toBe(bought.reduce((sum, plan) => sum + priceOf(plan), 0));

    // the top sponsor's node: counts = members placed, points = every plan bought below it
    const root = (await node<Node>(top.id))!;
    expect(root.leftCount + root.rightCount).toBe(60);
    expect(root.leftPoints + root.rightPoints).toBe(result.points);

    // a valid binary tree: every seeded node sits in its parent's slot and is reachable from the top
    const nodes = new Map<string, Node>([[top.id, root]]);
    for (const m of result.members) nodes.set(m.id, (await node<Node>(m.id))!);
    for (const m of result.members) {
      const n = nodes.get(m.id)!;
      expect(n, m.username).toBeTruthy();
      const parent = nodes.get(n.parentId!)!;
      expect(parent, `${m.username}'s parent is in the demo subtree`).toBeTruthy();
      expect(n.position === 'Left' ? parent.left : parent.right).toBe(m.id);
    }
    // and every node's stored counts and points equal a recount of its subtree
    const spent = new Map(result.members.map((m) => [m.id, m.spent]));
    const recount = (id: string | undefined): { count: number; points: number } => {
      if (!id) return { count: 0, points: 0 };
      const n = nodes.get(id)!;
      const left = recount(n.left);
      const right = recount(n.right);
      return {
        count: 1 + left.count + right.count,
        points: (spent.get(id) ?? 0) + left.points + right.points,
      };
    };
    for (const [id, n] of nodes) {
      const [left, right] = [recount(n.left), recount(n.right)];
      expect([n.leftCount, n.rightCount, n.leftPoints, n.rightPoints], id).toEqual([
        left.count,
        right.count,
        left.points,
        right.points,
      ]);
    }
    expect(recount(top.id).count).toBe(61);

    // Team 1 / Team 2 of the top sponsor: its direct sign-ups on each side
    const direct = result.members.filter((m) => m.sponsor === top.username);
    expect(direct.length).toBeGreaterThan(0);
    const team = (await call('getTeam', {}, top.idToken)).body;
    expect([team.directLeft, team.directRight]).toEqual([
      direct.filter((m) => m.side === 'Left').length,
      direct.filter((m) => m.side === 'Right').length,
    ]);
    // the 10% direct bonus of each plan its direct referrals bought, in its wallet
    const bonus = direct.flatMap((m) => m.plans).reduce((sum, plan) => sum + bonusOf(priceOf(plan)), 0);
    expect(Number((await call('getWallet', {}, top.idToken)).body.wallet) - wallet0).toBe(bonus);

    // the demo logins are real accounts that see their own team and plan
    expect(result.logins.length).toBeGreaterThan(1);
    const login = result.logins.find((l) => l.what.includes('Imperial'))!;
    const token = await logIn(login.email, login.password);
    const profile = (await call('getProfile', {}, token)).body as {
      plan: { isGold: boolean };
      email: string;
    };
    expect(profile.email).toBe(login.email);
    expect(profile.plan.isGold).toBe(true);
    const transactions = (await call('listTransactions', {}, token)).body as { items: { type: string }[] };
    expect(transactions.items.map((t) => t.type)).toContain('Demo deposit');

    // running it again adds more members under the same sponsor
    const again = await demo.seedDemo({ members: 5, under: top.username, seed: 43 });
    const first = new Set(result.members.map((m) => m.username));
    expect(again.members.filter((m) => first.has(m.username))).toEqual([]);
    const after = (await node<Node>(top.id))!;
    expect(after.leftCount + after.rightCount).toBe(65);
    expect(after.leftPoints + after.rightPoints).toBe(result.points + again.points);
  }, 600_000);
});
