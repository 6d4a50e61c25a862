/**
 * Plan activations in the tree: each `plan` ledger transaction adds its price as points to every
 * ancestor's leg holding the buyer, then pays the sponsor the direct bonus (10%, revenue -> the
 * sponsor's wallet, one ledger transaction keyed by the activation). Driven from the ledger's own
 * list of plan transactions (GSI2 `LEDGERKIND#plan`), so the plans domain needs no hook; each
 * activation has a progress item (`ACTIVATION#txId`) with the same cursor-guarded batches as a
 * placement, so a repeated, concurrent or resumed run adds its points and pays its bonus once.
 *
 * A member's first membership activation (Executive or Imperial; see tree.ts countsAsActivation)
 * also counts them once as an active member: `leftActive/rightActive` on every ancestor and that
 * ancestor's per-day `LEGACT#day` counts, in the same batches. "First" is the member's `ACTIVATED`
 * marker, claimed with the transaction id before the progress item exists, so a retried run of
 * the first activation still counts and any later one does not. The direct bonus writes its
 * reward row (Bonus/Rewards page, payout structure report) in the bonus's ledger transaction.
 */
import { nowIso } from '#core/clock';
import { config } from '#core/config';
import { logger } from '#core/logger';
import { applyRate } from '#api/money';
import { accounts, transfer, type Posting } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import {
  claimFirstActivation,
  createActivation,
  finishActivation,
  getActivation,
  getSweepPosition,
  listPlanTransactions,
  putSweepPosition,
  writeActivationBatch,
} from './activations/store';
import { rewardItems } from './rewards/store';
import { ancestorBatch, getNode } from './store';
import { countsAsActivation, MEMBERSHIP_PLANS, utcDay } from './tree';

/**
 * Plan transactions within this long before the sweep's position are looked at again: a
 * transaction shows on the index a little after its date, so one dated before the position may
 * appear after the sweep went past it. Longer than any index lag.
 */
const OVERLAP_MS = 5 * 60_000;

const instant = (key: string): number => new Date(key.slice(0, 24)).getTime();

/** Where a sweep starts reading the date-sorted plan list: at a verified position, else an overlap before it. */
export const sweepStart = (since: string, verified: boolean): string =>
  !since ? '0' : verified ? since : new Date(instant(since) - OVERLAP_MS).toISOString();

/** A position may be marked verified when a sweep that read more than OVERLAP_MS after it found nothing blocked. */
export const mayVerify = (since: string, readAt: number, blocked: boolean): boolean =>
  since !== '' && !blocked && readAt - OVERLAP_MS > instant(since);

export const directBonusOf = (price: number): number => applyRate(price, config.referral.directBonusRate);

/** The price of a plan transaction: what revenue received. */
const priceOf = (postings: Posting[]): number =>
  postings.find((p) => p.account === accounts.revenue && p.amount > 0)?.amount ?? 0;

type ActivationOutcome = 'done' | 'already' | 'not-placed';

/** Adds one activation's points up the tree and pays its direct bonus; safe to repeat. */
export const processActivation = async (tx: {
  txId: string;
  memberId: string;
  postings: Posting[];
  email?: string;
  /** The plan transaction's date (ISO) and plan (`ref.plan`). */
  date?: string;
  plan?: string;
}): Promise<ActivationOutcome> => {
  let activation = await getActivation(tx.txId);
  if (activation?.status === 'done') return 'already';
  if (!activation) {
    const node = await getNode(tx.memberId);
    if (!node) return 'not-placed';
    const day = utcDay(tx.date ?? nowIso());
    // claimed before the progress item: a run that stops in between claims it again, as the same tx
    const first =
      tx.plan && MEMBERSHIP_PLANS.includes(tx.plan)
        ? await claimFirstActivation(tx.memberId, tx.txId, day)
        : null;
    activation = await createActivation({
      txId: tx.txId,
      memberId: tx.memberId,
      sponsorId: node.sponsorId,
      amount: priceOf(tx.postings),
      ...(tx.plan ? { plan: tx.plan } : {}),
      day,
      counts: countsAsActivation(tx.plan, tx.txId, first),
      email: tx.email ?? node.email,
      sponsorSide: node.sponsorSide,
      status: node.parentId && node.position ? 'counting' : 'bonus',
      upNext: node.parentId,
      atSide: node.position,
    });
  }
  while (activation.status === 'counting' && activation.upNext && activation.atSide) {
    const { batch, next } = await ancestorBatch({ id: activation.upNext, side: activation.atSide });
    // 40 ancestors x (node + day item) + the progress item = 81 items: under the limit of 100
    await writeActivationBatch(tx.txId, batch, next, {
      points: activation.amount,
      ...(activation.counts && activation.day ? { activeDay: activation.day } : {}),
    });
    activation = (await getActivation(tx.txId))!;
  }
  if (activation.status === 'bonus') {
    const bonus = directBonusOf(activation.amount);
    if (activation.sponsorId && bonus > 0) {
      const sponsor = await getNode(activation.sponsorId, false);
      const result = await post({
        tx: {
          idempotencyKey: `direct-bonus:${tx.txId}`,
          kind: 'bonus',
          postings: transfer(accounts.revenue, accounts.member(activation.sponsorId, 'wallet'), bonus),
        },
        memberId: activation.sponsorId,
        display: { type: 'Direct Bonus', amount: bonus, wallet: 'wallet' },
        ref: { activation: tx.txId, ...(tx.email ? { email: tx.email } : {}) },
        extra: rewardItems({
          memberId: activation.sponsorId,
          tab: 'activation',
          id: `direct-${tx.txId}`,
          date: nowIso(),
          type: 'Direct Bonus',
          amount: bonus,
          ownerEmail: sponsor?.email ?? '',
          ...(activation.email ? { email: activation.email } : {}),
          ...(activation.sponsorSide ? { side: activation.sponsorSide } : {}),
        }),
      });
      if (result.status === 'insufficient' || result.status === 'refused')
        throw new Error(`direct bonus for ${tx.txId} was refused (${result.status})`);
    }
    await finishActivation(tx.txId);
  }
  return 'done';
};

/**
 * Sweeps the plan transactions since the last position (with an overlap, for transactions that
 * become visible late) and processes each; the position moves only past finished ones. Once a
 * sweep has re-read the overlap when everything up to the position was surely visible (read more
 * than OVERLAP_MS after it), the position is marked `verified` and later sweeps start at it: an
 * idle network costs one small Query per sweep, not a re-read of the last five minutes' purchases.
 */
export const processActivations = async (limit = 100): Promise<number> => {
  const { since, verified } = await getSweepPosition();
  const readAt = Date.now();
  const from = sweepStart(since, verified);
  const Items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  // page on past the overlap (already finished ones are cheap) until `limit` new ones are in hand
  for (
    let pages = 0;
    pages < 20 && Items.filter((i) => (i.GSI2SK as string) > since).length < limit;
    pages++
  ) {
    const page = await listPlanTransactions(from, limit, start);
    Items.push(...page.items);
    start = page.next;
    if (!start) break;
  }
  let done = 0;
  let position = since;
  let blocked = false;
  for (const item of Items) {
    try {
      const outcome = await processActivation({
        txId: item.txId as string,
        memberId: item.memberId as string,
        postings: item.postings as Posting[],
        email: (item.ref as { email?: string } | undefined)?.email,
        date: item.date as string | undefined,
        plan: (item.ref as { plan?: string } | undefined)?.plan,
      });
      if (outcome === 'done') done += 1;
      if (outcome === 'not-placed') blocked = true;
    } catch (error) {
      blocked = true;
      logger.error('activation failed', { txId: item.txId as string, error: (error as Error).message });
    }
    const key = item.GSI2SK as string;
    if (!blocked && key > position) position = key;
  }
  if (position !== since) await putSweepPosition({ since: position, verified: false });
  else if (!verified && mayVerify(since, readAt, blocked)) await putSweepPosition({ since, verified: true });
  return done;
};
