import { ReportPage } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import type { ResponseOf } from '#api/routes';
import { usdtText } from '../../lib/format';

type Row = ResponseOf<'balanceReport'>['items'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'E-mail', cell: (r) => r.email, csv: (r) => r.email },
  { header: 'Username', cell: (r) => r.username, csv: (r) => r.username },
  usdtColumn('Wallet Balance (USDT)', (r) => r.wallet),
  usdtColumn('Wallet1 Balance (USDT)', (r) => r.wallet1),
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
        { label: 'Wallet Total (all members)', value: usdtText(t.wallet) },
        { label: 'Wallet1 Total (all members)', value: usdtText(t.wallet1) },
      ]}
    />
  );
}
