import { Badge } from '@chakra-ui/react';
import { planOffers } from '#api/plans';
import type { ResponseOf } from '#api/routes';
import { ReportPage, reportTime } from '../../components/ReportPage';
import { usdtColumn, type ReportColumn } from '../../components/ColumnTable';
import { callApi } from '../../lib/api';
import { usdtText } from '../../lib/format';
import { memberColumns } from './columns';

type Row = ResponseOf<'activationReport'>['items'][number];

const PLAN_NAMES: Record<Row['plan'], string> = {
  executive: planOffers.executive.name,
  imperial: planOffers.imperial.name,
  upgrade: planOffers.upgrade.name,
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
  usdtColumn('Amount (USDT)', (r) => r.amount),
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
        { label: `Gold (${planOffers.imperial.name})`, value: `${t.gold} · ${usdtText(t.goldAmount)}` },
        { label: 'Silver (Executive)', value: `${t.silver} · ${usdtText(t.silverAmount)}` },
      ]}
    />
  );
}
