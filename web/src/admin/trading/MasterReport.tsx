import type { ResponseOf } from '#api/routes';
import { ReportPage, reportTime } from '../../components/ReportPage';
import type { ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import { TradeDetailsButton } from './MemberTrades';

type Row = ResponseOf<'masterReport'>['items'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'Id', cell: (r) => r.id, csv: (r) => r.id, nowrap: true },
  { header: 'E-mail', cell: (r) => r.email, csv: (r) => r.email },
  { header: 'Name', cell: (r) => r.name, csv: (r) => r.name },
  { header: 'Username', cell: (r) => r.username, csv: (r) => r.username },
  { header: 'Mobile No', cell: (r) => r.mobile, csv: (r) => r.mobile, nowrap: true },
  {
    header: 'Registration Date',
    cell: (r) => reportTime(r.registeredAt),
    csv: (r) => r.registeredAt,
    nowrap: true,
  },
  { header: 'Trades', cell: (r) => <TradeDetailsButton memberId={r.id} email={r.email} />, csv: () => '' },
];

/** /master: members registered in the range, each with Trade Details (its closed trades). */
export default function MasterReport() {
  return (
    <ReportPage
      title="Master accounts report"
      id="master-report"
      load={(input) => callApi('masterReport', input)}
      columns={columns}
      rowKey={(r) => r.id}
      noun="members"
      emptyText="No member registered in this period."
    />
  );
}
