/**
 * An admin's balance change as a ledger transaction (pure): a credit moves money from
 * `platform:adjustments` to the member's wallet, a debit moves it back. Adjustments may go below
 * zero (ledger.ts mayGoNegative): its balance is the net of every admin change, the money the
 * platform granted by decision; the member's wallet may not, so a debit is refused whole when it is
 * more than the balance.
 */
import type { Micro } from '#api/money';
import { accounts, transfer, type LedgerTx } from '#functions/ledger/rules';
import { type Display } from '#functions/ledger/service';

export const adjustmentTx = (
  memberId: string,
  requestId: string,
  amount: Micro,
): { tx: LedgerTx; display: Display } => {
  const wallet = accounts.member(memberId, 'wallet');
  return {
    tx: {
      // per member and request: the same submit twice is one change
      idempotencyKey: `adjustment:${memberId}:${requestId}`,
      kind: 'adjustment',
      postings:
        amount > 0
          ? transfer(accounts.adjustments, wallet, amount)
          : transfer(wallet, accounts.adjustments, -amount),
    },
    display: { type: amount > 0 ? 'Admin Credit' : 'Admin Debit', amount, wallet: 'wallet' },
  };
};
