import { Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ResponseOf } from '#api/routes';
import type { AuditAction } from '#api/schemas/admin';
import type { z } from 'zod';
import { reportTime } from '../../components/ReportPage';
import type { ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import { AdminList } from '../AdminList';

type Row = ResponseOf<'auditLog'>['items'][number];
type Action = z.infer<typeof AuditAction>;

const ACTIONS: Record<Action, string> = {
  'profile-edit': 'Profile edit',
  'balance-credit': 'Balance credit',
  'email-transfer': 'E-mail transfer',
  'profit-distribution': 'Profit distribution',
  'complaint-close': 'Complaint close',
  'dead-letter-redrive': 'Dead letter redrive',
};

const columns: ReportColumn<Row>[] = [
  { header: 'Date', cell: (r) => reportTime(r.at), csv: (r) => r.at, nowrap: true },
  { header: 'Action', cell: (r) => ACTIONS[r.action], csv: (r) => r.action, nowrap: true },
  { header: 'Admin', cell: (r) => r.adminEmail, csv: (r) => r.adminEmail },
  { header: 'About', cell: (r) => r.target, csv: (r) => r.target },
  { header: 'What changed', cell: (r) => <Text fontSize="sm">{r.summary}</Text>, csv: (r) => r.summary },
];

/** /auditlog: every admin action, newest first, filtered by action and e-mail (the admin's or the member's). */
export default function AuditLog() {
  const [action, setAction] = useState<Action | ''>('');
  const [email, setEmail] = useState('');
  const [filter, setFilter] = useState({ action: '' as Action | '', email: '' });
  return (
    <Stack gap="6" minW="0">
      <Heading as="h1" size="2xl">
        Audit log
      </Heading>
      <HStack
        as="form"
        gap="3"
        align="flex-end"
        flexWrap="wrap"
        aria-label="Audit log filter"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ action, email: email.trim().toLowerCase() });
        }}
      >
        <Field.Root w={{ base: 'full', sm: '56' }}>
          <Field.Label>Action</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={action} onChange={(e) => setAction(e.target.value as Action | '')}>
              <option value="">Every action</option>
              {Object.entries(ACTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '64' }}>
          <Field.Label>E-mail (admin or member)</Field.Label>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field.Root>
        <Button type="submit" colorPalette="brand">
          Submit
        </Button>
      </HStack>
      <AdminList
        label="Audit log"
        queryKey={['admin', 'audit', filter]}
        load={(limit, cursor) =>
          callApi('auditLog', {
            limit,
            ...(filter.action ? { action: filter.action } : {}),
            ...(filter.email ? { email: filter.email } : {}),
            ...(cursor ? { cursor } : {}),
          })
        }
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No admin action matches."
        csvName="audit-log"
      />
    </Stack>
  );
}
