import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ResponseOf } from '#api/routes';
import type { OrderReportBot } from '#api/schemas/admin-reports';
import type { z } from 'zod';
import { ReportPage, reportTime } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import { usdtText } from '../../lib/format';

type Row = ResponseOf<'orderReport'>['items'][number];
type Bot = z.infer<typeof OrderReportBot>;

const BOTS: { bot: Bot; label: string }[] = [
  { bot: 'zeno', label: 'Get Zeno' },
  { bot: 'candles', label: 'Get Candles' },
  { bot: 'glint', label: 'Get Glint' },
];

const price = (p: number) => p.toLocaleString('en-US', { maximumFractionDigits: 8 });

const columns: ReportColumn<Row>[] = [
  { header: 'Date', cell: (r) => reportTime(r.date), csv: (r) => r.date, nowrap: true },
  { header: 'E-mail', cell: (r) => r.email, csv: (r) => r.email },
  { header: 'Symbol', cell: (r) => r.symbol, csv: (r) => r.symbol },
  { header: 'Buy Price', cell: (r) => price(r.buyPrice), csv: (r) => r.buyPrice, align: 'end' },
  { header: 'Sell Price', cell: (r) => price(r.sellPrice), csv: (r) => r.sellPrice, align: 'end' },
  usdtColumn('Profit', (r) => r.profit),
  { header: '% Profit', cell: (r) => `${r.profitPct.toFixed(2)} %`, csv: (r) => r.profitPct, align: 'end' },
  usdtColumn('Actual Profit', (r) => r.actualProfit),
];

/** /adminorder: every member's closed trades of one bot in the range, with total and actual profit. */
export default function OrderReport() {
  const [bot, setBot] = useState<Bot>('zeno');
  return (
    <ReportPage
      key={bot}
      title="Admin Order Report"
      id={`order-report-${bot}`}
      header={
        <HStack gap="2" flexWrap="wrap" role="group" aria-label="Bot">
          {BOTS.map((b) => (
            <Button
              key={b.bot}
              size="sm"
              variant={bot === b.bot ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={bot === b.bot}
              onClick={() => setBot(b.bot)}
            >
              {b.label}
            </Button>
          ))}
          <Text fontSize="sm" color="fg.muted">
            Actual profit is the member&apos;s, after the 20 % profit charge.
          </Text>
        </HStack>
      }
      load={(input) => callApi('orderReport', { ...input, bot })}
      columns={columns}
      rowKey={(r) => r.id}
      noun="orders"
      emptyText="No closed order of this bot in this period."
      totals={(t) => [
        { label: 'Total Profit', value: usdtText(t.profit) },
        { label: 'Total actual Profit', value: usdtText(t.actualProfit) },
      ]}
    />
  );
}
