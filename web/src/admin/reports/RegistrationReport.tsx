import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import type { ResponseOf } from '#api/routes';
import { ReportPage, reportTime } from '../../components/ReportPage';
import type { ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import { memberColumns } from './columns';
import { ScrollTable } from '../../components/ScrollTable';

type Answer = ResponseOf<'registrationReport'>;
type Row = Answer['items'][number];
type Pending = NonNullable<Answer['pending']>[number];

const columns: ReportColumn<Row>[] = [
  ...memberColumns<Row>(),
  {
    header: 'Signed Up',
    cell: (r) => (r.signedUpAt ? reportTime(r.signedUpAt) : '—'),
    csv: (r) => r.signedUpAt ?? '',
    nowrap: true,
  },
  {
    header: 'Verified (Registration Date)',
    cell: (r) => reportTime(r.registeredAt),
    csv: (r) => r.registeredAt,
    nowrap: true,
  },
];

/** Sign-ups of the range whose e-mail is not verified: members-to-be, with where they stand. */
function PendingSignUps({ rows }: { rows: Pending[] }) {
  return (
    <Stack as="section" aria-label="Pending sign-ups" gap="3">
      <Text as="h2" fontSize="lg" fontWeight="semibold">
        Pending sign-ups ({rows.length})
      </Text>
      {rows.length === 0 ? (
        <Text color="fg.muted">Every sign-up in this period verified its e-mail.</Text>
      ) : (
        <ScrollTable caption="Pending sign-ups" framed>
          <Table.Header>
            <Table.Row>
              {['E-mail', 'Name', 'Username', 'Sponsor Id', 'Mobile', 'Signed Up', 'Status'].map((h) => (
                <Table.ColumnHeader key={h} whiteSpace="nowrap">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((p) => (
              <Table.Row key={p.email}>
                <Table.Cell>{p.email}</Table.Cell>
                <Table.Cell>{p.name}</Table.Cell>
                <Table.Cell>{p.username}</Table.Cell>
                <Table.Cell>{p.sponsor || '—'}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{p.mobile}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{reportTime(p.signedUpAt)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={p.status === 'pending' ? 'orange' : 'gray'} variant="subtle">
                    {p.status === 'pending' ? 'Pending verification' : 'Expired unverified'}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </Stack>
  );
}

/**
 * /adminregister: members who verified in the range, oldest first, with when they signed up and
 * were verified; below them, the range's sign-ups that did not verify their e-mail.
 */
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
      // the first page is this report's answer, with its pending sign-ups
      below={(first) => <PendingSignUps rows={(first as Answer).pending ?? []} />}
    />
  );
}
