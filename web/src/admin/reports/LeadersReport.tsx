import type { ResponseOf } from '#api/routes';
import { ReportPage } from '../../components/ReportPage';
import type { ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';

type Row = ResponseOf<'leadersReport'>['items'][number];

const columns: ReportColumn<Row>[] = [
  { header: 'Day', cell: (r) => r.day, csv: (r) => r.day, nowrap: true },
  { header: 'Left', cell: (r) => r.left, csv: (r) => r.left, align: 'end' },
  { header: 'Right', cell: (r) => r.right, csv: (r) => r.right, align: 'end' },
];

/**
 * /leaders: a member's left and right leg activations (first memberships) in the range, in total
 * and per day. Start date, end date and e-mail are all required (spec section 5).
 */
export default function LeadersReport() {
  return (
    <ReportPage
      title="Leaders Activation Report"
      id="leaders-report"
      email="required"
      load={(input) => callApi('leadersReport', { ...input, email: input.email ?? '' })}
      columns={columns}
      rowKey={(r) => r.day}
      noun="days"
      emptyText="No activation in this member's legs in this period."
      totals={(t) => [
        { label: 'Member', value: `${t.member.name} (${t.member.username})` },
        { label: 'Left activations', value: t.left },
        { label: 'Right activations', value: t.right },
      ]}
    />
  );
}
