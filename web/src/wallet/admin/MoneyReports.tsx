import { Text } from '@chakra-ui/react';
import { ReportPage, reportTime } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { RouteTabs } from '../../components/RouteTabs';
import { callApi } from '../../lib/api';
import type { ResponseOf } from '#api/routes';
import { usdtText } from '../../lib/format';

type Kind = 'deposit' | 'withdraw' | 'payout';
type Row = ResponseOf<'walletReport'>['items'][number];

const PATHS: Record<Kind, string> = {
  deposit: '/admindeposit',
  withdraw: '/adminwithdraw',
  payout: '/adminpayout',
};
const TITLES: Record<Kind, string> = {
  deposit: 'Deposit Report',
  withdraw: 'Withdraw Report',
  payout: 'Payout Report',
};
/** A payment id or a hash: long, in a monospace face, wrapping anywhere so a phone needs no sideways scroll. */
const codeColumn = (header: string, of: (r: Row) => string | undefined): ReportColumn<Row> => ({
  header,
  cell: (r) => (
    <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
      {of(r) ?? '—'}
    </Text>
  ),
  csv: (r) => of(r) ?? '',
});

const dateColumn = (header: string): ReportColumn<Row> => ({
  header,
  cell: (r) => reportTime(r.date),
  csv: (r) => r.date,
  nowrap: true,
});
const emailColumn = (header: string): ReportColumn<Row> => ({
  header,
  cell: (r) => r.email,
  csv: (r) => r.email,
});
const amount = usdtColumn<Row>('Amount (USDT)', (r) => r.amount);

/**
 * The spec's columns (section 2 Reports): Deposit = payment id, e-mail, amount, payout hash (the
 * member's payment transaction), pay date; Withdraw = e-mail, date, amount, payout hash (only
 * withdrawals paid out); Payout = date, owner, amount (the referral bonuses paid, and which).
 */
const COLUMNS: Record<Kind, ReportColumn<Row>[]> = {
  deposit: [
    codeColumn('Payment Id', (r) => r.paymentId),
    emailColumn('E-mail'),
    amount,
    codeColumn('Payout Hash', (r) => r.hash),
    dateColumn('Pay Date'),
  ],
  withdraw: [emailColumn('E-mail'), dateColumn('Date'), amount, codeColumn('Payout Hash', (r) => r.hash)],
  payout: [
    dateColumn('Date'),
    emailColumn('Owner'),
    { header: 'Type', cell: (r) => r.type, csv: (r) => r.type },
    amount,
  ],
};

/** The admin's Deposit, Withdraw and Payout reports (one ReportPage, three ledger kinds), with tabs. */
export function MoneyReports({ kind }: { kind: Kind }) {
  return (
    <ReportPage
      key={kind}
      title={TITLES[kind]}
      id={`${kind}-report`}
      header={
        <RouteTabs
          label="Money reports"
          current={PATHS[kind]}
          items={[
            { to: PATHS.deposit, label: 'Deposit' },
            { to: PATHS.withdraw, label: 'Withdraw' },
            { to: PATHS.payout, label: 'Payout' },
          ]}
        />
      }
      email="optional"
      load={(input) => callApi('walletReport', { kind, ...input })}
      columns={COLUMNS[kind]}
      rowKey={(r) => r.id}
      totals={(t) => [{ label: 'Total', value: usdtText(t.total) }]}
    />
  );
}

export const DepositReport = () => <MoneyReports kind="deposit" />;
export const WithdrawReport = () => <MoneyReports kind="withdraw" />;
export const PayoutReport = () => <MoneyReports kind="payout" />;
