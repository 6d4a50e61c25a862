/** A member's closed trades (Trade Details; the profile search's trades table). */
import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ResponseOf } from '#api/routes';
import { AppDialog } from '../../components/AppDialog';
import { reportTime } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import { formatUsdt } from '../../lib/format';
import { AdminList } from '../AdminList';

type Trade = ResponseOf<'memberTrades'>['items'][number];

const price = (p: number) => p.toLocaleString('en-US', { maximumFractionDigits: 8 });

const columns: ReportColumn<Trade>[] = [
  { header: 'Date', cell: (t) => reportTime(t.date), csv: (t) => t.date, nowrap: true },
  { header: 'Bot', cell: (t) => t.botName, csv: (t) => t.botName, nowrap: true },
  { header: 'Symbol', cell: (t) => t.symbol, csv: (t) => t.symbol },
  { header: 'Side', cell: (t) => (t.side === 'long' ? 'Long' : 'Short'), csv: (t) => t.side },
  { header: 'Buy Price', cell: (t) => price(t.buyPrice), csv: (t) => t.buyPrice, align: 'end' },
  { header: 'Sell Price', cell: (t) => price(t.sellPrice), csv: (t) => t.sellPrice, align: 'end' },
  {
    ...usdtColumn<Trade>('Profit (USDT)', (t) => t.profit),
    cell: (t) => (
      <Text as="span" color={t.profit >= 0 ? 'gain.fg' : 'red.fg'}>
        {formatUsdt(t.profit)}
      </Text>
    ),
  },
];

export function MemberTrades({ memberId, email }: { memberId: string; email: string }) {
  return (
    <AdminList
      label={`Trades of ${email}`}
      queryKey={['admin', 'trades', memberId]}
      load={(limit, cursor) => callApi('memberTrades', { memberId, limit, ...(cursor ? { cursor } : {}) })}
      columns={columns}
      rowKey={(t) => t.id}
      emptyText="This member has no closed trade."
      csvName={`trades-${email}`}
    />
  );
}

/** The Trade Details button and its modal. */
export function TradeDetailsButton({ memberId, email }: { memberId: string; email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        Trade Details
      </Button>
      <AppDialog open={open} onOpenChange={setOpen} title={`Trade Details: ${email}`} size="xl">
        <MemberTrades memberId={memberId} email={email} />
      </AppDialog>
    </>
  );
}
