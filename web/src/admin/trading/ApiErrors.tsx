import {
  Box,
  Button,
  DataList,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError';
import { reportTime } from '../../components/ReportPage';
import { callApi } from '../../lib/api';
import type { ResponseOf } from '#api/routes';
import { downloadCsv, toCsv } from '../../lib/csv';
import { ScrollTable } from '../../components/ScrollTable';

const COLUMNS = ['ID', 'Owner', 'Bot', 'Symbol', 'Reason', 'Unique', 'Date'] as const;
type Row = ResponseOf<'apiErrors'>['items'][number];
const cells = (r: Row) => [r.id, r.owner, r.bot, r.symbol, r.reason, r.unique, reportTime(r.at)];

/** A phone's view of one error: every field labelled, nothing cut (the table is for wider screens). */
function ErrorCard({ row }: { row: Row }) {
  return (
    <Box as="li" layerStyle="card" p="4">
      <DataList.Root orientation="horizontal" gap="2" size="sm">
        {cells(row).map((value, i) => (
          <DataList.Item key={COLUMNS[i]}>
            <DataList.ItemLabel minW="16">{COLUMNS[i]}</DataList.ItemLabel>
            <DataList.ItemValue
              wordBreak={i === 0 ? 'break-all' : 'break-word'}
              fontFamily={i === 0 ? 'mono' : undefined}
              fontSize={i === 0 ? 'xs' : undefined}
            >
              {value || '—'}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Box>
  );
}

/**
 * /apierror: the bots' failed and missed orders and the executor's dead letters, each with its real
 * error, the member and the bot; one order id at a time or all. A table from md up, cards on a phone.
 */
export default function ApiErrors() {
  const [choice, setChoice] = useState('');
  const [orderId, setOrderId] = useState('');
  const errors = useQuery({
    queryKey: ['admin', 'apierrors', orderId],
    queryFn: () => callApi('apiErrors', orderId ? { orderId } : {}),
  });
  const rows = errors.data?.items ?? [];
  const ids = errors.data?.orderIds ?? [];
  return (
    <Stack gap="6" minW="0">
      <Heading as="h1" size="2xl">
        API error viewer
      </Heading>
      <HStack
        as="form"
        gap="3"
        align="flex-end"
        flexWrap="wrap"
        onSubmit={(e) => {
          e.preventDefault();
          // the same choice again reads the list afresh (a new dead letter may have landed)
          if (choice === orderId) void errors.refetch();
          else setOrderId(choice);
        }}
      >
        <Field.Root w={{ base: 'full', sm: '96' }}>
          <Field.Label>Order id</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">Select an OrderId (all)</option>
              {ids.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={errors.isFetching} loadingText="Loading">
          Submit
        </Button>
        <Button
          variant="outline"
          disabled={!rows.length}
          onClick={() =>
            downloadCsv(
              'api-errors.csv',
              toCsv(
                [...COLUMNS],
                rows.map((r) => [r.id, r.owner, r.bot, r.symbol, r.reason, r.unique, r.at]),
              ),
            )
          }
        >
          Download CSV
        </Button>
      </HStack>
      {errors.isError && (
        <QueryError what="the errors" error={errors.error} onRetry={() => errors.refetch()} />
      )}
      <Text fontWeight="semibold">
        {errors.isPending ? 'Loading…' : `${rows.length} ${rows.length === 1 ? 'error' : 'errors'}`}
      </Text>
      {rows.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-label="API error list">
          {rows.map((r) => (
            <ErrorCard key={`${r.unique}-${r.id}`} row={r} />
          ))}
        </Stack>
      )}
      <Box hideBelow={rows.length > 0 ? 'md' : undefined}>
        <ScrollTable caption="API errors" framed>
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={COLUMNS.length} color="fg.muted">
                  {errors.isPending ? 'Loading…' : 'No failed order and no dead letter.'}
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((r) => (
                <Table.Row key={`${r.unique}-${r.id}`}>
                  {/* ids and e-mails wrap anywhere and the date on its space: every column fits at 1440 px */}
                  <Table.Cell
                    fontFamily="mono"
                    fontSize="xs"
                    wordBreak="break-all"
                    whiteSpace="normal"
                    minW="24"
                    maxW="44"
                  >
                    {r.id}
                  </Table.Cell>
                  <Table.Cell wordBreak="break-all" whiteSpace="normal" minW="24" maxW="52">
                    {r.owner}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{r.bot || '—'}</Table.Cell>
                  <Table.Cell>{r.symbol || '—'}</Table.Cell>
                  <Table.Cell minW="56" wordBreak="break-word" whiteSpace="normal">
                    {r.reason}
                  </Table.Cell>
                  <Table.Cell>{r.unique}</Table.Cell>
                  <Table.Cell minW="24">{reportTime(r.at)}</Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </ScrollTable>
      </Box>
    </Stack>
  );
}
