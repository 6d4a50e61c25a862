import { Tabs, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { ReportPage, reportTime, usdtColumn, type ReportColumn } from '../../components/ReportPage';
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
  const navigate = useNavigate();
  return (
    <ReportPage
      key={kind}
      title={TITLES[kind]}
      id={`${kind}-report`}
      header={
        <Tabs.Root value={kind} onValueChange={(e) => navigate(PATHS[e.value as Kind])} variant="line">
          <Tabs.List>
            <Tabs.Trigger value="deposit">Deposit</Tabs.Trigger>
            <Tabs.Trigger value="withdraw">Withdraw</Tabs.Trigger>
            <Tabs.Trigger value="payout">Payout</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
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
