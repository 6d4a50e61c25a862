/**
 * /admintransfer: Trading profit (Trendex profit allocation). The Core pool (the bots' 20 % profit
 * charge) is shared out by the form: Trendex Income among Core holders, Premium Trendex Income
 * among Premium Core holders. Tabs Pending (shares not paid yet: Resume), Success, History.
 */
import {
  Badge,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Stat,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ResponseOf } from '#api/routes';
import { DistributeProfitRequest } from '#api/schemas/admin';
import { FormAlert } from '../../components/FormAlert';
import { reportTime } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { callApi, errorMessage } from '../../lib/api';
import { usdtText } from '../../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../../lib/requestId';
import { AdminList } from '../AdminList';

type Share = ResponseOf<'profitShares'>['items'][number];
type SharesPage = ResponseOf<'profitShares'>;
type History = ResponseOf<'profitHistory'>['items'][number];

const KEY = ['admin', 'tradingprofit'] as const;

const shareColumns: ReportColumn<Share>[] = [
  { header: 'E-mail', cell: (s) => s.email, csv: (s) => s.email },
  { header: 'Type', cell: (s) => s.type, csv: (s) => s.type, nowrap: true },
  usdtColumn('Profit', (s) => s.profit),
  usdtColumn('Profit Taken', (s) => s.profitTaken),
  { header: 'Date', cell: (s) => reportTime(s.date), csv: (s) => s.date, nowrap: true },
  {
    header: 'Status',
    cell: (s) => (
      <Badge colorPalette={s.status === 'success' ? 'green' : 'orange'}>
        {s.status === 'success' ? 'Success' : 'Pending'}
      </Badge>
    ),
    csv: (s) => s.status,
  },
];

const historyColumns: ReportColumn<History>[] = [
  { header: 'Date', cell: (h) => reportTime(h.date), csv: (h) => h.date, nowrap: true },
  usdtColumn('Amount', (h) => h.amount),
  { header: 'Type', cell: (h) => h.type, csv: (h) => h.type },
  {
    header: 'Status',
    cell: (h) => (h.status === 'done' ? 'Done' : 'Running (see Pending)'),
    csv: (h) => h.status,
  },
];

function Totals({ page, paid }: { page: SharesPage; paid: boolean }) {
  const cards = [
    { label: 'Core pool', value: page.pool === undefined ? '—' : usdtText(page.pool) },
    {
      label: paid ? 'Total distributed' : 'Total to distribute',
      value: page.total === undefined ? '—' : usdtText(page.total),
    },
    ...(page.holders
      ? [{ label: 'Holders (Core · Premium)', value: `${page.holders.core} · ${page.holders.premium}` }]
      : []),
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: cards.length }} gap="4">
      {cards.map((c) => (
        <Stat.Root key={c.label} layerStyle="card" p="4">
          <Stat.Label>{c.label}</Stat.Label>
          <Stat.ValueText>{c.value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/** Resume every distribution that still has unpaid shares. */
function ResumeButtons({ page }: { page: SharesPage }) {
  const queryClient = useQueryClient();
  const ids = [...new Set(page.items.map((s) => s.distributionId))];
  const resume = useMutation({
    mutationFn: (requestId: string) =>
      callApi('distributeProfit', { requestId, coreIncome: '', premiumIncome: '' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  if (!ids.length) return null;
  return (
    <HStack flexWrap="wrap" gap="2">
      {ids.map((id) => (
        <Button
          key={id}
          size="sm"
          colorPalette="brand"
          loading={resume.isPending}
          onClick={() => resume.mutate(id)}
        >
          Resume distribution {id.slice(0, 8)}
        </Button>
      ))}
      {resume.isError && <Text color="red.fg">{errorMessage(resume.error)}</Text>}
    </HStack>
  );
}

function DistributeForm() {
  const queryClient = useQueryClient();
  const { requestId, settled } = useRequestId();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(DistributeProfitRequest),
    defaultValues: { requestId, coreIncome: '', premiumIncome: '' },
  });
  const distribute = useMutation({
    mutationFn: (input: DistributeProfitRequest) => callApi('distributeProfit', input),
    ...moneyRetry,
    onSuccess: (answer) => {
      setDone(
        `${answer.message} ${usdtText(answer.share.core)} to each Core and ${usdtText(answer.share.premium)} to each Premium Core holder.`,
      );
      form.reset({ coreIncome: '', premiumIncome: '' });
    },
    onSettled: (_answer, error) => {
      settled(error);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = useSingleFlight(distribute);
  const errors = form.formState.errors;
  return (
    <Stack asChild layerStyle="card" p={{ base: '4', md: '6' }} gap="4">
      <form
        aria-label="Distribute trading profit"
        noValidate
        onSubmit={form.handleSubmit((input) => {
          setDone(null);
          submit({ ...input, requestId });
        })}
      >
        <Heading as="h2" size="md">
          Distribute the Core pool
        </Heading>
        <HStack gap="4" align="flex-start" flexWrap="wrap">
          <Field.Root invalid={!!errors.coreIncome} w={{ base: 'full', sm: '56' }}>
            <Field.Label>Trendex Income (USDT)</Field.Label>
            <Input inputMode="decimal" placeholder="e.g. 120" {...form.register('coreIncome')} />
            <Field.ErrorText>{errors.coreIncome?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.premiumIncome} w={{ base: 'full', sm: '56' }}>
            <Field.Label>Premium Trendex Income (USDT)</Field.Label>
            <Input inputMode="decimal" placeholder="e.g. 80" {...form.register('premiumIncome')} />
            <Field.ErrorText>{errors.premiumIncome?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" mt={{ sm: '6' }} loading={distribute.isPending}>
            Submit
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Each amount is shared equally among the members holding the plan now and paid into their Trendex
          Core wallet, once.
        </Text>
        {distribute.isError && <FormAlert status="error">{errorMessage(distribute.error)}</FormAlert>}
        {done && <FormAlert status="success">{done}</FormAlert>}
      </form>
    </Stack>
  );
}

export default function TradingProfit() {
  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Trading profit
        </Heading>
        <Text color="fg.muted">Trendex profit allocation: the Core pool shared out to Core members.</Text>
      </Stack>
      <DistributeForm />
      <Tabs.Root defaultValue="pending" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="pending">Pending</Tabs.Trigger>
          <Tabs.Trigger value="success">Success</Tabs.Trigger>
          <Tabs.Trigger value="history">History</Tabs.Trigger>
        </Tabs.List>
        {(['pending', 'success'] as const).map((tab) => (
          <Tabs.Content key={tab} value={tab}>
            <AdminList
              label={`${tab === 'pending' ? 'Pending' : 'Success'} shares`}
              queryKey={[...KEY, tab]}
              load={(limit, cursor) => callApi('profitShares', { tab, limit, ...(cursor ? { cursor } : {}) })}
              columns={shareColumns}
              rowKey={(s) => s.id}
              emptyText={
                tab === 'pending'
                  ? 'Every distribution is paid in full.'
                  : 'No trading profit was distributed yet.'
              }
              csvName={`trading-profit-${tab}`}
              above={(page: SharesPage) => (
                <Stack gap="3">
                  <Totals page={page} paid={tab === 'success'} />
                  {tab === 'pending' && <ResumeButtons page={page} />}
                </Stack>
              )}
            />
          </Tabs.Content>
        ))}
        <Tabs.Content value="history">
          <AdminList
            label="Distribution history"
            queryKey={[...KEY, 'history']}
            load={(limit, cursor) => callApi('profitHistory', { limit, ...(cursor ? { cursor } : {}) })}
            columns={historyColumns}
            rowKey={(h) => `${h.distributionId}-${h.type}`}
            emptyText="No distribution yet."
            csvName="trading-profit-history"
          />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
