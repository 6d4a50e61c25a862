import { Text } from '@chakra-ui/react';
import { ReportPage, reportTime, usdtColumn, type ReportColumn } from '../../components/ReportPage';
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
const REFERENCE: Record<Kind, string> = {
  deposit: 'Payment Id',
  withdraw: 'Withdrawal',
  payout: 'Payout Hash',
};

const columns = (kind: Kind): ReportColumn<Row>[] => [
  { header: 'Date', cell: (r) => reportTime(r.date), csv: (r) => r.date, nowrap: true },
  { header: 'Email', cell: (r) => r.email, csv: (r) => r.email },
  usdtColumn('Amount (USDT)', (r) => r.amount),
  {
    header: REFERENCE[kind],
    cell: (r) => (
      <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
        {r.reference}
      </Text>
    ),
    csv: (r) => r.reference,
  },
];

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
      columns={columns(kind)}
      rowKey={(r) => r.id}
      totals={(t) => [{ label: 'Total', value: usdtText(t.total) }]}
    />
  );
}

export const DepositReport = () => <MoneyReports kind="deposit" />;
export const WithdrawReport = () => <MoneyReports kind="withdraw" />;
export const PayoutReport = () => <MoneyReports kind="payout" />;
