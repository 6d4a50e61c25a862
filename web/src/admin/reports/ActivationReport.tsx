import { Badge } from '@chakra-ui/react';
import type { ResponseOf } from '#api/routes';
import { callApi } from '../../lib/api';
import { formatUsdt } from '../../wallet/format';
import { memberColumns } from './columns';
import { ReportPage, reportTime, type ReportColumn } from './ReportPage';

type Row = ResponseOf<'activationReport'>['items'][number];

const PLAN_NAMES: Record<Row['plan'], string> = {
  executive: 'Executive',
  imperial: 'Imperial',
  upgrade: 'Upgrade to Imperial',
};

const columns: ReportColumn<Row>[] = [
  ...memberColumns<Row>(),
  {
    header: 'Activation Date',
    cell: (r) => reportTime(r.activatedAt),
    csv: (r) => r.activatedAt,
    nowrap: true,
  },
  {
    header: 'Membership',
    cell: (r) => (
      <Badge colorPalette={r.membership === 'gold' ? 'yellow' : 'gray'} variant="subtle">
        {r.membership === 'gold' ? 'Gold' : 'Silver'} · {PLAN_NAMES[r.plan]}
      </Badge>
    ),
    csv: (r) => `${r.membership === 'gold' ? 'Gold' : 'Silver'} (${PLAN_NAMES[r.plan]})`,
    nowrap: true,
  },
  {
    header: 'Amount (USDT)',
    cell: (r) => formatUsdt(r.amount),
    csv: (r) => formatUsdt(r.amount).replace(/,/g, ''),
    align: 'end',
    nowrap: true,
  },
];

/** /adminactivation (and /adminactivate): membership purchases in the range, with gold and silver totals. */
export default function ActivationReport() {
  return (
    <ReportPage
      title="Activation Report"
      id="activation-report"
      email="optional"
      load={(input) => callApi('activationReport', input)}
      columns={columns}
      rowKey={(r) => `${r.id}-${r.activatedAt}`}
      noun="activations"
      emptyText="No membership was activated in this period."
      totals={(t) => [
        { label: 'Gold (Imperial)', value: `${t.gold} · ${formatUsdt(t.goldAmount)} USDT` },
        { label: 'Silver (Executive)', value: `${t.silver} · ${formatUsdt(t.silverAmount)} USDT` },
      ]}
    />
  );
}
