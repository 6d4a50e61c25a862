/**
 * The ledger, as other domains use it: post a balanced transaction (with the items that must
 * change with it), read balances and transactions. Money moves nowhere else. The accounts and the
 * posting rules are in ./rules (pure).
 */
export {
  getBalance,
  getBalances,
  getMemberBalances,
  getTx,
  listMemberTransactions,
  listTransactionsOfKind,
  pageTransactionsOfKind,
  post,
  sumEntries,
  sumWalletBalances,
  type Display,
  type MemberBalances,
  type PostInput,
  type PostResult,
  type TxRow,
} from './store';
export { latestLedgerAudit, type LedgerAuditResult } from './audit/service';
