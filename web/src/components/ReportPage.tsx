/**
 * The one way to show an admin report: a title, the filter form (Start Date, End Date — unless the
 * report is not about a period — maybe an e-mail, Submit), the totals of the whole range, a table defined by its columns, server-side
 * paging ("Load more", with the row count) and a CSV export of the WHOLE report (every page is
 * fetched: downloadAllPages). Reports are whole UTC days (api/schemas/admin-reports.ts).
 */
import {
  Alert,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LuDownload } from 'react-icons/lu';
import { z } from 'zod';
import { Day, rangeProblem, reportMessages } from '#api/schemas/admin-reports';
import { Email } from '#api/schemas/common';
import { errorMessage } from '../lib/api';
import { downloadAllPages } from '../lib/csv';
import { dateTimeText } from '../lib/dates';
import { queryKeys } from '../lib/queryKeys';
import { useExport } from '../lib/useExport';
import { LoadMore } from './LoadMore';
import { QueryError } from './QueryError';
import { ColumnTable, type ReportColumn } from './ColumnTable';

interface ReportInput {
  from: string;
  to: string;
  email?: string;
  limit: number;
  cursor?: string;
}

interface ReportAnswer<Row, Totals> {
  items: Row[];
  cursor?: string;
  totals?: Totals & { count: number };
}

interface ReportTotal {
  label: string;
  value: ReactNode;
}

interface ReportPageProps<Row, Totals> {
  title: string;
  /** Names the query cache entry and the CSV file. */
  id: string;
  /** Above the form (the money reports' tabs). */
  header?: ReactNode;
  /** The e-mail field: absent, optional (everyone when empty) or required. */
  email?: 'optional' | 'required';
  /** false for a report of the present (balances): no date fields; `load` gets empty dates. */
  dates?: boolean;
  load: (input: ReportInput) => Promise<ReportAnswer<Row, Totals>>;
  columns: ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The totals cards, from the first page's totals. */
  totals?: (totals: Totals & { count: number }) => ReportTotal[];
  /** What "rows" are called in the count line ("members", "days"). */
  noun?: string;
  emptyText?: string;
  pageSize?: number;
  /** Below the table, from the first page's answer (the registration report's pending sign-ups). */
  below?: (firstPage: ReportAnswer<Row, Totals>) => ReactNode;
}

const day = (d: Date) => format(d, 'yyyy-MM-dd');

/** A UTC time as the reports show it: 05 Mar 2026, 14:07. */
export const reportTime = (iso: string): string => dateTimeText(iso, { utc: true });

const formSchema = (email: 'optional' | 'required' | undefined, dates: boolean) =>
  z
    .object({
      from: dates ? Day(reportMessages.from) : z.literal(''),
      to: dates ? Day(reportMessages.to) : z.literal(''),
      email:
        email === 'required'
          ? z.string().trim().min(1, { error: reportMessages.leaderEmail }).pipe(Email)
          : z.union([Email, z.literal('')]),
    })
    .superRefine((q, ctx) => {
      const problem = dates && rangeProblem(q.from, q.to);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
    });

type Filter = { from: string; to: string; email: string };

export function ReportPage<Row, Totals = object>(props: ReportPageProps<Row, Totals>) {
  const { title, id, email, load, columns, rowKey, noun = 'rows', pageSize = 20, dates = true } = props;
  const now = new Date();
  const defaults: Filter = {
    from: dates ? day(new Date(now.getFullYear(), now.getMonth(), 1)) : '',
    to: dates ? day(now) : '',
    email: '',
  };
  // A report that needs an e-mail waits for Submit; the others open on this month.
  const [run, setRun] = useState<{ filter: Filter; n: number } | null>(
    email === 'required' ? null : { filter: defaults, n: 0 },
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Filter>({ resolver: zodResolver(formSchema(email, dates)), defaultValues: defaults });

  const inputOf = (f: Filter) => ({
    from: f.from,
    to: f.to,
    ...(email && f.email ? { email: f.email } : {}),
  });
  const report = useInfiniteQuery({
    queryKey: queryKeys.admin.report(id, run),
    queryFn: ({ pageParam }) => load({ ...inputOf(run!.filter), limit: pageSize, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    enabled: run !== null,
  });
  const rows = report.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = report.data?.pages[0]?.totals;

  const csv = useExport();
  const exportCsv = () => {
    if (!run) return;
    const f = run.filter;
    const name = `${id}${dates ? `-${f.from}-${f.to}` : ''}${email && f.email ? `-${f.email}` : ''}.csv`;
    return csv.run(() =>
      downloadAllPages(name, columns, (limit, cursor) => load({ ...inputOf(f), limit, cursor })),
    );
  };

  const cards = totals && props.totals ? props.totals(totals) : [];
  return (
    <Stack gap="6" minW="0">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {props.header}
      <form
        noValidate
        aria-label={`${title} filter`}
        onSubmit={handleSubmit(
          (filter) => setRun((r) => ({ filter, n: (r?.n ?? 0) + 1 })),
          // a filter that cannot run (start after end…) clears the earlier rows and totals
          () => setRun(null),
        )}
      >
        <HStack gap="4" align="flex-start" flexWrap="wrap">
          {dates && (
            <>
              <Field.Root required invalid={!!errors.from} w={{ base: 'full', sm: 'auto' }}>
                <Field.Label>Start Date</Field.Label>
                <Input type="date" {...register('from')} />
                <Field.ErrorText>{errors.from?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!errors.to} w={{ base: 'full', sm: 'auto' }}>
                <Field.Label>End Date</Field.Label>
                <Input type="date" {...register('to')} />
                <Field.ErrorText>{errors.to?.message}</Field.ErrorText>
              </Field.Root>
            </>
          )}
          {email && (
            <Field.Root
              required={email === 'required'}
              invalid={!!errors.email}
              w={{ base: 'full', md: '64' }}
            >
              <Field.Label>{email === 'required' ? 'E-mail' : 'E-mail (optional)'}</Field.Label>
              <Input type="email" autoComplete="off" {...register('email')} />
              <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
            </Field.Root>
          )}
          <HStack gap="3" alignSelf={{ base: 'stretch', sm: 'flex-end' }} pb={{ sm: '0.5' }} mt={{ sm: '6' }}>
            <Button
              type="submit"
              colorPalette="brand"
              loading={report.isFetching && !report.isFetchingNextPage}
            >
              Submit
            </Button>
            <Button
              variant="outline"
              onClick={exportCsv}
              loading={csv.exporting}
              loadingText="Exporting…"
              disabled={!totals?.count}
            >
              <LuDownload /> Download CSV
            </Button>
          </HStack>
        </HStack>
        {dates && (
          <Text fontSize="sm" color="fg.muted" mt="2">
            Whole days in UTC, both dates included.
          </Text>
        )}
      </form>

      {csv.error !== null && (
        <Alert.Root status="error" borderRadius="md" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Could not export the report.</Alert.Title>
            <Alert.Description>{errorMessage(csv.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {run === null ? (
        <Text color="fg.muted" data-testid="report-count">
          {Object.keys(errors).length > 0
            ? 'Correct the filter above, then Submit.'
            : "Choose the dates and the member's e-mail, then Submit."}
        </Text>
      ) : report.isError && !report.data ? (
        <QueryError what="the report" error={report.error} onRetry={() => report.refetch()} />
      ) : (
        <>
          {cards.length > 0 && (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: Math.min(cards.length, 4) }} gap="4">
              {cards.map((c) => (
                <Stat.Root key={c.label} layerStyle="card" p="4">
                  <Stat.Label>{c.label}</Stat.Label>
                  <Stat.ValueText>{c.value}</Stat.ValueText>
                </Stat.Root>
              ))}
            </SimpleGrid>
          )}
          <Text fontWeight="semibold" aria-live="polite" data-testid="report-count">
            {report.isPending
              ? 'Loading…'
              : `Showing ${rows.length} of ${totals?.count ?? rows.length} ${noun}`}
          </Text>
          <ColumnTable
            caption={title}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            pending={report.isPending}
            busy={report.isFetching}
            emptyText={props.emptyText ?? 'Nothing in this period.'}
          />
          <LoadMore query={report} what="the next page" />
          {props.below && report.data?.pages[0] && props.below(report.data.pages[0])}
        </>
      )}
    </Stack>
  );
}
