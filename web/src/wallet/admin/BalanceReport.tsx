import { ReportPage, type ReportColumn } from '../../admin/reports/ReportPage';
import { callApi } from '../../lib/api';
import type { ResponseOf } from '#api/routes';
import { formatUsdt } from '../format';

type Row = ResponseOf<'balanceReport'>['items'][number];

const amount = (header: string, of: (r: Row) => number): ReportColumn<Row> => ({
  header,
  cell: (r) => formatUsdt(of(r)),
  csv: (r) => formatUsdt(of(r)).replace(/,/g, ''),
  align: 'end',
  nowrap: true,
});

const columns: ReportColumn<Row>[] = [
  { header: 'Email', cell: (r) => r.email, csv: (r) => r.email },
  { header: 'Username', cell: (r) => r.username, csv: (r) => r.username },
  amount('Wallet Balance (USDT)', (r) => r.wallet),
  amount('Wallet1 Balance (USDT)', (r) => r.wallet1),
];

/** /balance: every member's wallet and wallet1 from the ledger, paged, with the platform-wide totals. */
export default function BalanceReport() {
  return (
    <ReportPage
      title="Balance"
      id="balances"
      dates={false}
      email="optional"
      load={({ email, limit, cursor }) => callApi('balanceReport', { email, limit, cursor })}
      columns={columns}
      rowKey={(r) => r.memberId}
      noun="members"
      emptyText="No member found."
      totals={(t) => [
        { label: 'Wallet Total (all members)', value: `${formatUsdt(t.wallet)} USDT` },
        { label: 'Wallet1 Total (all members)', value: `${formatUsdt(t.wallet1)} USDT` },
      ]}
    />
  );
}
