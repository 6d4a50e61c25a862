/**
 * The binary referral tree: pure placement rules, no I/O. The DynamoDB store (store.ts) and the
 * in-memory tree below follow the same rules, so the property tests and the bench speak for both.
 *
 * Shape: each node has at most one Left and one Right child. A sign-up under sponsor S on side X
 * is placed at the bottom of S's X leg, following X children only (outermost spill-over). Counts
 * and points are stored on every node, so reading a member's team is O(1), and a join writes the
 * new node, its parent's child slot, the sponsor's direct count and one counter per ancestor:
 * O(depth) small writes.
 */
export type Side = 'Left' | 'Right';
export const SIDES: readonly Side[] = ['Left', 'Right'];

export interface TreeNode {
  id: string;
  parentId: string | null;
  /** Which child of its parent this node is (null for the root). */
  position: Side | null;
  sponsorId: string | null;
  /** The side the sponsor chose at sign-up. */
  sponsorSide: Side | null;
  depth: number;
  left: string | null;
  right: string | null;
  /** Members in the left and right subtrees. */
  leftCount: number;
  rightCount: number;
  /** Direct referrals (sponsored by this member) on each side: Team 1 and Team 2. */
  directLeft: number;
  directRight: number;
  /** Activation points carried on each leg (plan prices, integer micro-USDT). */
  leftPoints: number;
  rightPoints: number;
  /** Members in each leg who have activated a membership (counted once, at their first activation). */
  leftActive: number;
  rightActive: number;
  /** The last day (YYYY-MM-DD) the binary payout consumed this node's matched points. */
  paidDay?: string;
}

const childOf = (node: Pick<TreeNode, 'left' | 'right'>, side: Side): string | null =>
  side === 'Left' ? node.left : node.right;

export const countField = (side: Side) => (side === 'Left' ? 'leftCount' : 'rightCount');
export const pointsField = (side: Side) => (side === 'Left' ? 'leftPoints' : 'rightPoints');
const directField = (side: Side) => (side === 'Left' ? 'directLeft' : 'directRight');
const childField = (side: Side) => (side === 'Left' ? 'left' : 'right');
export const activeField = (side: Side) => (side === 'Left' ? 'leftActive' : 'rightActive');
/** The attribute of a per-day leg activation item (`LEGACT#day`) that counts `side`. */
export const dayField = (side: Side) => (side === 'Left' ? 'left' : 'right');

/** The plans that make a member active (a membership); upgrades and Core plans add points only. */
export const MEMBERSHIP_PLANS: readonly string[] = ['executive', 'imperial'];

/**
 * Whether a plan activation counts its buyer as an active member up the tree: a membership plan,
 * and the buyer's first one (`firstTxId` is the transaction that first claimed the member's
 * activation marker, or null when none has; a repeated run of that same transaction still counts).
 */
export const countsAsActivation = (plan: string | undefined, txId: string, firstTxId: string | null) =>
  plan !== undefined && MEMBERSHIP_PLANS.includes(plan) && (firstTxId === null || firstTxId === txId);

/** The UTC day (YYYY-MM-DD) of an ISO date-time. */
export const utcDay = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/** Follows `side` children from `startId` to the last node on that edge: the new member's parent. */
export const legBottom = (
  startId: string,
  side: Side,
  read: (id: string) => Pick<TreeNode, 'left' | 'right'> | undefined,
): string => {
  let at = startId;
  for (;;) {
    const node = read(at);
    if (!node) throw new Error(`tree node ${at} is missing`);
    const next = childOf(node, side);
    if (!next) return at;
    at = next;
  }
};

/** One counter increment on an ancestor: which leg of `id` grew. */
interface AncestorIncrement {
  id: string;
  side: Side;
}

/**
 * The ancestors of a new node whose parent is `parentId` and whose position is `position`, each
 * with the leg the new node lies in, nearest first. `read` gives each node's parent and position.
 */
const ancestorIncrements = (
  parentId: string,
  position: Side,
  read: (id: string) => Pick<TreeNode, 'parentId' | 'position'> | undefined,
): AncestorIncrement[] => {
  const out: AncestorIncrement[] = [];
  let id: string | null = parentId;
  let side: Side = position;
  while (id) {
    out.push({ id, side });
    const node = read(id);
    if (!node) throw new Error(`tree node ${id} is missing`);
    if (!node.parentId || !node.position) break;
    side = node.position;
    id = node.parentId;
  }
  return out;
};

export const newNode = (
  id: string,
  at: { parentId: string | null; position: Side | null; depth: number },
  sponsor: { sponsorId: string | null; sponsorSide: Side | null },
): TreeNode => ({
  id,
  ...at,
  ...sponsor,
  left: null,
  right: null,
  leftCount: 0,
  rightCount: 0,
  directLeft: 0,
  directRight: 0,
  leftPoints: 0,
  rightPoints: 0,
  leftActive: 0,
  rightActive: 0,
});

/** The writes one join makes, as the store will send them: what the bench counts. */
interface JoinPlan {
  node: TreeNode;
  /** The parent whose empty child slot the node takes. */
  parentSlot: { id: string; side: Side } | null;
  /** The sponsor whose direct count on `side` grows. */
  direct: { id: string; side: Side } | null;
  increments: AncestorIncrement[];
}

/** One ancestor's growth over a set of joins: members added to its left and right legs. */
export interface LegGrowth {
  left: number;
  right: number;
}

/**
 * The ancestor increments of many joins summed per ancestor, nearest-first order of first sight:
 * what a count batch writes, one update per ancestor however many of the joins lie under it.
 */
export const coalesce = (paths: Iterable<readonly { id: string; side: Side }[]>): Map<string, LegGrowth> => {
  const sums = new Map<string, LegGrowth>();
  for (const path of paths)
    for (const { id, side } of path) {
      const sum = sums.get(id) ?? { left: 0, right: 0 };
      sum[dayField(side)] += 1;
      sums.set(id, sum);
    }
  return sums;
};

export const writesOf = (plan: JoinPlan): number =>
  1 + (plan.parentSlot ? 1 : 0) + (plan.direct ? 1 : 0) + plan.increments.length;

/** An in-memory tree under the same rules: for tests, the bench and seeding. */
export class MemoryTree {
  readonly nodes = new Map<string, TreeNode>();
  rootId: string | null = null;
  /** Each activated member's first membership transaction (the store's `ACTIVATED` marker). */
  readonly firstActivation = new Map<string, string>();
  /** Per ancestor, per UTC day: members of each leg who activated that day (the store's `LEGACT#day`). */
  readonly legDays = new Map<string, Map<string, { left: number; right: number }>>();

  get = (id: string): TreeNode | undefined => this.nodes.get(id);

  /** Plans the join of `id` under `sponsorId` on `side` (the first member, with no sponsor, is the root). */
  plan(id: string, sponsorId: string | null, side: Side | null): JoinPlan {
    if (this.nodes.has(id)) throw new Error(`${id} is already in the tree`);
    if (!this.rootId) {
      return {
        node: newNode(
          id,
          { parentId: null, position: null, depth: 0 },
          { sponsorId: null, sponsorSide: null },
        ),
        parentSlot: null,
        direct: null,
        increments: [],
      };
    }
    // a member without a sponsor after the root joins under the root's left leg
    const start = sponsorId && this.nodes.has(sponsorId) ? sponsorId : this.rootId;
    const leg: Side = sponsorId && this.nodes.has(sponsorId) && side ? side : 'Left';
    const parentId = legBottom(start, leg, this.get);
    const parent = this.nodes.get(parentId)!;
    return {
      node: newNode(
        id,
        { parentId, position: leg, depth: parent.depth + 1 },
        { sponsorId: start, sponsorSide: leg },
      ),
      parentSlot: { id: parentId, side: leg },
      direct: { id: start, side: leg },
      increments: ancestorIncrements(parentId, leg, this.get),
    };
  }

  apply(plan: JoinPlan): void {
    this.nodes.set(plan.node.id, plan.node);
    if (!plan.parentSlot) this.rootId = plan.node.id;
    else this.nodes.get(plan.parentSlot.id)![childField(plan.parentSlot.side)] = plan.node.id;
    if (plan.direct) this.nodes.get(plan.direct.id)![directField(plan.direct.side)] += 1;
    for (const inc of plan.increments) this.nodes.get(inc.id)![countField(inc.side)] += 1;
  }

  join(id: string, sponsorId: string | null, side: Side | null): JoinPlan {
    const plan = this.plan(id, sponsorId, side);
    this.apply(plan);
    return plan;
  }

  /** A plan activation of `amount` points by `id`: each ancestor's leg holding `id` gains them. */
  addPoints(id: string, amount: number): AncestorIncrement[] {
    const node = this.nodes.get(id);
    if (!node?.parentId || !node.position) return [];
    const increments = ancestorIncrements(node.parentId, node.position, this.get);
    for (const inc of increments) this.nodes.get(inc.id)![pointsField(inc.side)] += amount;
    return increments;
  }

  /**
   * A plan activation (transaction `txId` of `plan` at `date`): the points, and when it is the
   * buyer's first membership, one active member on each ancestor's leg and in that day's counts.
   * Applying the same transaction twice is the store's retried run: it must not count again here
   * either, so the caller passes each transaction once (the store's progress item does that).
   */
  activate(id: string, activation: { txId: string; plan: string; amount: number; date: string }): boolean {
    const first = this.firstActivation.get(id) ?? null;
    const counts = countsAsActivation(activation.plan, activation.txId, first);
    if (counts && first === null) this.firstActivation.set(id, activation.txId);
    const increments = this.addPoints(id, activation.amount);
    if (!counts) return false;
    const day = utcDay(activation.date);
    for (const inc of increments) {
      this.nodes.get(inc.id)![activeField(inc.side)] += 1;
      const days = this.legDays.get(inc.id) ?? new Map<string, { left: number; right: number }>();
      const today = days.get(day) ?? { left: 0, right: 0 };
      today[dayField(inc.side)] += 1;
      days.set(day, today);
      this.legDays.set(inc.id, days);
    }
    return true;
  }

  /** The same answer as the store's `legActivations`: totals and the days with activations, in order. */
  legActivations(id: string, fromDay: string, toDay: string) {
    const days = [...(this.legDays.get(id) ?? new Map<string, { left: number; right: number }>())]
      .filter(([day]) => day >= fromDay && day <= toDay)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, counts]) => ({ day, ...counts }));
    return {
      left: days.reduce((sum, d) => sum + d.left, 0),
      right: days.reduce((sum, d) => sum + d.right, 0),
      days,
    };
  }
}
