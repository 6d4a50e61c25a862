import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../web/src/lib/queryKeys';

/** Whether invalidating `prefix` reaches `key` (TanStack Query matches keys by prefix). */
const reaches = (prefix: readonly unknown[], key: readonly unknown[]) =>
  prefix.every((part, i) => part === key[i]);

describe('the query keys', () => {
  it("reach every wallet query from the wallet's key, so a money refresh reads them all again", () => {
    const wallet = queryKeys.wallet.balances();
    expect(reaches(wallet, queryKeys.wallet.transactions('wallet1', 10, 'c'))).toBe(true);
    expect(reaches(wallet, queryKeys.wallet.withdrawals(10, undefined))).toBe(true);
    expect(reaches(wallet, queryKeys.wallet.invoice('p1'))).toBe(true);
  });

  it("keep the notification list out of the bell's invalidation", () => {
    expect(reaches(queryKeys.notifications.bell(), queryKeys.notifications.list())).toBe(false);
  });
});
