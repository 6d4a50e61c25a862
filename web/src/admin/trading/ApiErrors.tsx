import { Button, Field, Heading, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError';
import { reportTime } from '../../components/ReportPage';
import { callApi } from '../../lib/api';
import { downloadCsv, toCsv } from '../../lib/csv';
import { ScrollTable } from '../../components/ScrollTable';

/** /apierror: the bots' failed and missed orders and the executor's dead letters; one order id at a time or all. */
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
          setOrderId(choice);
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
        <Button type="submit" colorPalette="brand" loading={errors.isFetching}>
          Submit
        </Button>
        <Button
          variant="outline"
          disabled={!rows.length}
          onClick={() =>
            downloadCsv(
              'api-errors.csv',
              toCsv(
                ['ID', 'Owner', 'Symbol', 'Reason', 'Unique', 'Date'],
                rows.map((r) => [r.id, r.owner, r.symbol, r.reason, r.unique, r.at]),
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
      <Text fontWeight="semibold">{errors.isPending ? 'Loading…' : `${rows.length} errors`}</Text>
      <ScrollTable caption="API errors" framed>
        <Table.Header>
          <Table.Row>
            {['ID', 'Owner', 'Symbol', 'Reason', 'Unique', 'Date'].map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} color="fg.muted">
                {errors.isPending ? 'Loading…' : 'No failed order and no dead letter.'}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((r) => (
              <Table.Row key={`${r.unique}-${r.id}`}>
                <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                  {r.id}
                </Table.Cell>
                <Table.Cell>{r.owner}</Table.Cell>
                <Table.Cell>{r.symbol}</Table.Cell>
                <Table.Cell>{r.reason}</Table.Cell>
                <Table.Cell>{r.unique}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{reportTime(r.at)}</Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </ScrollTable>
    </Stack>
  );
}
