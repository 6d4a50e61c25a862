/** Columns the member reports share: id, e-mail, name, username, sponsor id, mobile, rank. */
import { Text } from '@chakra-ui/react';
import { RANK_NAMES } from '#api/schemas/auth';
import type { ReportColumn } from '../../components/ColumnTable';

interface MemberColumns {
  id: string;
  email: string;
  name: string;
  username: string;
  sponsor: string;
  mobile: string;
  rank: number;
}

export const rankName = (rank: number): string => RANK_NAMES[rank - 1] ?? `Rank ${rank}`;

export const memberColumns = <Row extends MemberColumns>(): ReportColumn<Row>[] => [
  {
    header: 'Id',
    cell: (r) => (
      <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
        {r.id}
      </Text>
    ),
    csv: (r) => r.id,
  },
  { header: 'E-mail', cell: (r) => r.email, csv: (r) => r.email },
  { header: 'Name', cell: (r) => r.name, csv: (r) => r.name },
  { header: 'Username', cell: (r) => r.username, csv: (r) => r.username },
  { header: 'Sponsor Id', cell: (r) => r.sponsor || '—', csv: (r) => r.sponsor },
  { header: 'Mobile', cell: (r) => r.mobile, csv: (r) => r.mobile, nowrap: true },
  { header: 'Rank', cell: (r) => rankName(r.rank), csv: (r) => rankName(r.rank), nowrap: true },
];
