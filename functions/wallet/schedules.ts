import { reconcileDeposits as reconcile } from './deposits';
import { sweepWithdrawals } from './withdrawals';

/** depositReconciliation: paid invoices whose callback was lost are credited; stale ones closed. */
export const reconcileDeposits = async () => {
  await reconcile();
};

/** withdrawalSweep: open withdrawals are asked of the provider and settled or released once. */
export const withdrawalSweep = async () => {
  await sweepWithdrawals();
};
