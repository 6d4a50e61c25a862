import { reconcileDeposits as reconcile } from './service';

/** depositReconciliation: paid invoices whose callback was lost are credited; stale ones closed. */
export const reconcileDeposits = async () => {
  await reconcile();
};
