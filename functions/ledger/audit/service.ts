/**
 * The daily ledger audit (api/schedules.ts `ledgerAudit`): reads the table, compares (rules.ts),
 * keeps the result for the admin dashboard and publishes the number of differences, which the
 * LedgerAuditDifferences alarm watches (lib/constructs/monitoring.ts).
 */
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import { countMetric } from '#core/metrics';
import { compareLedger, differenceKey, type AuditDifference } from './rules';
import { latestAuditResult, readAuditFacts, saveAuditResult, type LedgerAuditResult } from './store';

const pass = async (): Promise<AuditDifference[]> => compareLedger(await readAuditFacts());

/**
 * A Scan is no snapshot: a transaction committed while it reads shows half (a balance read before,
 * its entry after). So what one pass finds is read again, and only a difference both passes find
 * (the same check, subject and amount off) is reported; a real one stays put, a half-read one moves.
 */
export const runLedgerAudit = async (): Promise<LedgerAuditResult> => {
  const at = nowIso();
  let differences = await pass();
  if (differences.length) {
    const again = new Set(differences.map(differenceKey));
    differences = (await pass()).filter((d) => again.has(differenceKey(d)));
  }
  const result = { at, ok: differences.length === 0, differenceCount: differences.length, differences };
  await saveAuditResult(result);
  countMetric('LedgerAuditDifferences', differences.length);
  countMetric('DepositDifferences', differences.filter((d) => d.check === 'deposit').length);
  if (!result.ok)
    logger.error('the ledger audit found differences', { differences: differences.slice(0, 20) });
  return result;
};

/** The last audit's result, for the admin dashboard (null before the first run). */
export const latestLedgerAudit = latestAuditResult;

export type { LedgerAuditResult };
