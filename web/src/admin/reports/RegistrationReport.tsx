import type { ResponseOf } from '#api/routes';
import { ReportPage, reportTime, type ReportColumn } from '../../components/ReportPage';
import { callApi } from '../../lib/api';
import { memberColumns } from './columns';

type Row = ResponseOf<'registrationReport'>['items'][number];

const columns: ReportColumn<Row>[] = [
  ...memberColumns<Row>(),
  {
    header: 'Registration Date',
    cell: (r) => reportTime(r.registeredAt),
    csv: (r) => r.registeredAt,
    nowrap: true,
  },
];

/** /adminregister: members who registered in the range, oldest first. */
export default function RegistrationReport() {
  return (
    <ReportPage
      title="Registration Report"
      id="registration-report"
      load={(input) => callApi('registrationReport', input)}
      columns={columns}
      rowKey={(r) => r.id}
      noun="members"
      emptyText="No member registered in this period."
    />
  );
}
