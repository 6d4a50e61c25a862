/** The ledger's schedule (api/schedules.ts): the daily audit. */
import { runLedgerAudit } from './audit/service';

/** Throws nothing on a difference (that is a result, kept and alarmed on); only a failed read or write fails the run. */
export const audit = async () => {
  const { at, ok, differenceCount } = await runLedgerAudit();
  return { at, ok, differenceCount };
};
