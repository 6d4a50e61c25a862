import type { ResponseOf } from '#api/routes';
import { callApi } from '../../lib/api';
import { formatUsdt } from '../../wallet/format';
import { ReportPage, reportTime, type ReportColumn } from './ReportPage';

type Row = ResponseOf<'payoutStructureReport'>['items'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'Date', cell: (r) => reportTime(r.date), csv: (r) => r.date, nowrap: true },
  { header: 'Owner', cell: (r) => r.owner, csv: (r) => r.owner },
  { header: 'Type', cell: (r) => r.type, csv: (r) => r.type, nowrap: true },
  { header: 'Side', cell: (r) => r.side, csv: (r) => r.side },
  { header: 'Email', cell: (r) => r.email || '—', csv: (r) => r.email },
  {
    header: 'Amount (USDT)',
    cell: (r) => formatUsdt(r.amount),
    csv: (r) => formatUsdt(r.amount).replace(/,/g, ''),
    align: 'end',
    nowrap: true,
  },
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
      totals={(t) => [{ label: 'Total paid', value: `${formatUsdt(t.amount)} USDT` }]}
    />
  );
}
