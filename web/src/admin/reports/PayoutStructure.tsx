import type { ResponseOf } from '#api/routes';
import { callApi } from '../../lib/api';
import { ReportPage, reportTime } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { usdtText } from '../../lib/format';

type Row = ResponseOf<'payoutStructureReport'>['items'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'Date', cell: (r) => reportTime(r.date), csv: (r) => r.date, nowrap: true },
  { header: 'Owner', cell: (r) => r.owner, csv: (r) => r.owner },
  { header: 'Type', cell: (r) => r.type, csv: (r) => r.type, nowrap: true },
  { header: 'Side', cell: (r) => r.side, csv: (r) => r.side },
  { header: 'E-mail', cell: (r) => r.email || '—', csv: (r) => r.email },
  usdtColumn('Amount (USDT)', (r) => r.amount),
];

/** /structure: every referral bonus paid in the range (direct bonuses with the leg and the buyer; binary matches). */
export default function PayoutStructure() {
  return (
    <ReportPage
      title="Referral Payout Structure"
      id="payout-structure"
      load={(input) => callApi('payoutStructureReport', input)}
      columns={columns}
      rowKey={(r) => r.id}
      noun="payouts"
      emptyText="No referral bonus was paid in this period."
      totals={(t) => [{ label: 'Total paid', value: usdtText(t.amount) }]}
    />
  );
}
