import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { walletRoutes } from '#api/routes/wallet';
import { domainHandler } from '#core/middleware';
import * as deposits from './deposits';
import * as reports from './reports';
import * as wallet from './service';
import * as withdrawals from './withdrawals';

/** The IPN signatures travel in a header; the operations see only the body, so it is handed over here. */
const headers = new AsyncLocalStorage<Record<string, string | undefined>>();
const header = (name: string): string | undefined => {
  const all = headers.getStore() ?? {};
  const key = Object.keys(all).find((k) => k.toLowerCase() === name);
  return key ? all[key] : undefined;
};

const routed = domainHandler(walletRoutes, {
  getWallet: (_input, { caller }) => wallet.getWallet(caller.memberId),
  listTransactions: (input, { caller }) => wallet.listTransactions(caller.memberId, input),
  createInvoice: (input, { caller }) => deposits.createInvoice(caller, input),
  getInvoice: (input, { caller }) => deposits.getInvoice(caller.memberId, input.paymentId),
  listInvoices: (_input, { caller }) => deposits.openInvoicesOf(caller.memberId),
  paymentCallback: (input) => deposits.paymentCallback(input, header('x-nowpayments-sig')),
  requestWithdrawOtp: (_input, { caller }) => withdrawals.requestWithdrawOtp(caller),
  withdraw: (input, { caller }) => withdrawals.withdraw(caller, input),
  listWithdrawals: (input, { caller }) => withdrawals.listWithdrawals(caller.memberId, input),
  payoutCallback: (input) => withdrawals.payoutCallback(input, header('x-nowpayments-sig')),
  walletReport: (input) => reports.walletReport(input),
  balanceReport: (input) => reports.balanceReport(input),
  moneyTotals: () => reports.moneyTotals(),
});

export const handler = (event: APIGatewayProxyEvent, context: Context) =>
  headers.run(event.headers ?? {}, () => routed(event, context));
