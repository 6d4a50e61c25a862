import { Button, Field, Heading, HStack, Input, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { QueryError } from '../../components/QueryError';
import { callApi } from '../../lib/api';
import { formatUsdt } from '../format';
import { downloadCsv, toCsv } from './csv';

type Kind = 'deposit' | 'withdraw' | 'payout';
const PATHS: Record<Kind, string> = {
  deposit: '/admindeposit',
  withdraw: '/adminwithdraw',
  payout: '/adminpayout',
};
const TITLES: Record<Kind, string> = {
  deposit: 'Deposit Report',
  withdraw: 'Withdraw Report',
  payout: 'Payout Report',
};
const REFERENCE: Record<Kind, string> = {
  deposit: 'Payment Id',
  withdraw: 'Withdrawal',
  payout: 'Payout Hash',
};

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

/** The admin's Deposit, Withdraw and Payout reports: date range, optional e-mail, CSV export. */
export function MoneyReports({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({ from: monthStart(), to: today(), email: '' });
  const [query, setQuery] = useState(form);
  const report = useQuery({
    queryKey: ['admin', 'wallet', kind, query],
    queryFn: () => callApi('walletReport', { kind, ...query }),
  });

  const exportCsv = () => {
    if (!report.data) return;
    downloadCsv(
      `${kind}-report-${query.from}-${query.to}.csv`,
      toCsv(
        ['Date', 'Email', 'Amount (USDT)', REFERENCE[kind]],
        report.data.rows.map((r) => [r.date, r.email, formatUsdt(r.amount), r.reference]),
      ),
    );
  };

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {TITLES[kind]}
      </Heading>
      <Tabs.Root value={kind} onValueChange={(e) => navigate(PATHS[e.value as Kind])} variant="line">
        <Tabs.List>
          <Tabs.Trigger value="deposit">Deposit</Tabs.Trigger>
          <Tabs.Trigger value="withdraw">Withdraw</Tabs.Trigger>
          <Tabs.Trigger value="payout">Payout</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(form);
        }}
      >
        <HStack gap="4" align="flex-end" flexWrap="wrap">
          <Field.Root required w="auto">
            <Field.Label>Start Date</Field.Label>
            <Input
              type="date"
              value={form.from}
              onChange={(e) => setForm({ ...form, from: e.target.value })}
            />
          </Field.Root>
          <Field.Root required w="auto">
            <Field.Label>End Date</Field.Label>
            <Input type="date" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </Field.Root>
          <Field.Root w={{ base: 'full', md: '64' }}>
            <Field.Label>Email (optional)</Field.Label>
            <Input
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand">
            Submit
          </Button>
          <Button variant="outline" onClick={exportCsv} disabled={!report.data?.rows.length}>
            <LuDownload /> CSV
          </Button>
        </HStack>
      </form>
      {report.isError ? (
        <QueryError what="the report" error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <>
          <Text fontWeight="semibold">
            Total:{' '}
            {report.data ? `${formatUsdt(report.data.total)} USDT (${report.data.rows.length} rows)` : '…'}
          </Text>
          <Table.ScrollArea borderWidth="1px" borderColor="border.card" borderRadius="lg">
            <Table.Root size="sm" aria-label={TITLES[kind]}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>{REFERENCE[kind]}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.isPending ? (
                  <Table.Row>
                    <Table.Cell colSpan={4}>Loading…</Table.Cell>
                  </Table.Row>
                ) : report.data.rows.length === 0 ? (
                  <Table.Row>
                    <Table.Cell colSpan={4} color="fg.muted">
                      Nothing in this period.
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  report.data.rows.map((r, i) => (
                    <Table.Row key={`${r.reference}-${i}`}>
                      <Table.Cell whiteSpace="nowrap">
                        {format(new Date(r.date), 'dd MMM yyyy HH:mm')}
                      </Table.Cell>
                      <Table.Cell>{r.email}</Table.Cell>
                      <Table.Cell textAlign="end">{formatUsdt(r.amount)}</Table.Cell>
                      <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                        {r.reference}
                      </Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
    </Stack>
  );
}

export const DepositReport = () => <MoneyReports kind="deposit" />;
export const WithdrawReport = () => <MoneyReports kind="withdraw" />;
export const PayoutReport = () => <MoneyReports kind="payout" />;
