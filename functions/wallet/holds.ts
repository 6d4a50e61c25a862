/**
 * Holds without their withdrawal: a withdrawal's hold, its record and its code's use commit in one
 * transaction, so none can be made now; a hold left by an older flow (the record written after the
 * hold, by a function that died in between) never reached the payment provider, whose payout needs
 * the record. The sweep releases each such hold once, back to the wallet it came from, and tells
 * the member. It remembers how far it checked, and reads again a few minutes before that point.
 */
import { formatUsdt } from '#api/money';
import { now } from '#core/clock';
import { logger } from '#core/logger';
import { accounts, transfer } from '#functions/ledger/rules';
import { listTransactionsOfKind, post, type TxRow } from '#functions/ledger/service';
import { notify } from '#functions/notifications/service';
import { getHoldSweepPosition, getWithdrawal, setHoldSweepPosition } from './store';

/** A hold younger than this may still be in the transaction that writes its withdrawal (old flow). */
const GRACE_MS = 60_000;
/** Read again this far before the last position: a hold committed late still sorts before it. */
const OVERLAP_MS = 5 * 60_000;

const releaseOrphan = async (hold: TxRow & { memberId: string }, withdrawalId: string): Promise<boolean> => {
  const amount = Math.abs(hold.amount);
  const released = await post({
    tx: {
      // the same key as a withdrawal's own release: released at most once, whoever gets there first
      idempotencyKey: `withdraw:${withdrawalId}:release`,
      kind: 'withdraw-release',
      postings: transfer(accounts.hold(hold.memberId), accounts.member(hold.memberId, hold.wallet), amount),
    },
    memberId: hold.memberId,
    display: { type: 'Withdraw refund', amount, wallet: hold.wallet },
    ref: { withdrawalId, reason: 'hold without its withdrawal' },
  });
  if (released.status !== 'applied') return false;
  logger.warn('released a hold without its withdrawal', { withdrawalId, memberId: hold.memberId, amount });
  await notify(
    hold.memberId,
    `Your withdrawal of ${formatUsdt(amount)} USDT was not sent. The amount is back in your wallet.`,
  ).catch((error: unknown) => logger.warn('hold release notification failed', { error: error as Error }));
  return true;
};

/** Releases every hold of the checked window that has no withdrawal; answers how many. */
export const releaseOrphanHolds = async (): Promise<number> => {
  const until = new Date(now().getTime() - GRACE_MS).toISOString();
  const position = await getHoldSweepPosition();
  const from = position ? new Date(new Date(position).getTime() - OVERLAP_MS).toISOString() : '2000-01-01';
  let released = 0;
  for (const hold of await listTransactionsOfKind('withdraw-hold', from, until)) {
    const withdrawalId = String(hold.ref?.withdrawalId ?? '');
    if (!withdrawalId || !hold.memberId || (await getWithdrawal(withdrawalId))) continue;
    if (await releaseOrphan({ ...hold, memberId: hold.memberId }, withdrawalId)) released++;
  }
  await setHoldSweepPosition(until);
  return released;
};
