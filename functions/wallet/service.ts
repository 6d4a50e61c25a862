/**
 * The wallet's balances and transaction table. Deposits are in deposits.ts, withdrawals in
 * withdrawals.ts, the admin money reports in reports.ts; every movement of money is a ledger
 * transaction (functions/ledger).
 */
import type { TransactionRow, WalletName } from '#api/schemas/wallet';
import type { MemberWallet } from '#functions/ledger/rules';
import { getMemberBalances, listMemberTransactions } from '#functions/ledger/service';
import { getDeposited } from './store';

/** How the member's wallets are named in messages. */
export const WALLET_LABEL: Record<MemberWallet, string> = {
  wallet: 'wallet',
  wallet1: 'Trendex Core wallet',
  fuelwallet: 'fuel wallet',
};

export const getWallet = async (memberId: string) => {
  const [b, deposited] = await Promise.all([getMemberBalances(memberId), getDeposited(memberId)]);
  return { wallet: b.wallet, wallet1: b.wallet1, fuelwallet: b.fuelwallet, held: b.hold, deposited };
};

export const listTransactions = async (
  memberId: string,
  input: { limit: number; cursor?: string; wallet?: WalletName },
): Promise<{ items: TransactionRow[]; cursor?: string }> => {
  const page = await listMemberTransactions(memberId, input.limit, input.cursor, input.wallet);
  return {
    items: page.items.map((r) => ({
      id: r.txId,
      date: r.date,
      type: r.type,
      amount: r.amount,
      wallet: r.wallet,
    })),
    cursor: page.cursor,
  };
};
