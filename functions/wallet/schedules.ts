import { reconcileDeposits as reconcile } from './deposits';
import { releaseOrphanHolds } from './holds';
import { sweepWithdrawals } from './withdrawals';

/** depositReconciliation: paid invoices whose callback was lost are credited; stale ones closed. */
export const reconcileDeposits = async () => {
  await reconcile();
};

/**
 * withdrawalSweep: open withdrawals are asked of the provider and settled or released once, and
 * any hold without its withdrawal is released once.
 */
export const withdrawalSweep = async () => {
  await sweepWithdrawals();
  await releaseOrphanHolds();
};
