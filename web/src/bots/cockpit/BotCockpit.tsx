import { Button, DataList, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Cockpit } from '#api/schemas/cockpit';
import { FormAlert } from '../../components/FormAlert';
import { QueryError } from '../../components/QueryError';
import { formatUsdt } from '../../lib/format';
import { Panel } from '../../components/Panel';
import { profitColor } from '../DataTable';
import { dateText, pctText, priceText, qtyText } from '../format';
import { useBotAction, useBotCockpit } from './hooks';
import { OrderJournal } from './OrderJournal';
import { StateBadge } from './StateBadge';

// The chart library loads only where a running bot is drawn.
const VersusPanel = lazy(() => import('./VersusPanel'));

function Figures({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Stack gap="2" minW="0">
      <Text fontWeight="semibold">{label}</Text>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {rows.map(([name, value]) => (
          <DataList.Item key={name} justifyContent="space-between">
            <DataList.ItemLabel minW="unset">{name}</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="flex-end" fontVariantNumeric="tabular-nums" textAlign="end">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

const inputText = (i: Cockpit['inputs'][number]) =>
  i.value === null
    ? 'warming up'
    : i.unit === 'price'
      ? priceText(i.value)
      : i.unit === 'pct'
        ? pctText(i.value)
        : i.value.toFixed(2);

function Actions({ cockpit }: { cockpit: Cockpit }) {
  const action = useBotAction();
  const id = cockpit.deployment.id;
  const { name } = cockpit.state;
  const busy = action.isPending;
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        {name === 'paused' && (
          <Button colorPalette="brand" loading={busy} onClick={() => action.mutate({ op: 'resume', id })}>
            Resume
          </Button>
        )}
        {cockpit.pausedAt === null && ['waiting', 'position', 'attention'].includes(name) && (
          <Button variant="outline" loading={busy} onClick={() => action.mutate({ op: 'pause', id })}>
            Pause
          </Button>
        )}
        {name === 'killed' && (
          <>
            <Button
              colorPalette="brand"
              loading={busy}
              onClick={() => action.mutate({ op: 'kill', id, resume: true })}
            >
              Resume from the new peak
            </Button>
            <Button
              variant="outline"
              loading={busy}
              onClick={() => action.mutate({ op: 'kill', id, resume: false })}
            >
              Leave it stopped
            </Button>
          </>
        )}
      </HStack>
      {action.isSuccess && <FormAlert status="success">{action.data.message}</FormAlert>}
      {action.isError && <FormAlert status="error">{action.error.message}</FormAlert>}
    </Stack>
  );
}

/** What one of the member's bots is doing now, its order journal, and its live equity next to its backtest. */
export function BotCockpit({ id, name }: { id: string; name: string }) {
  const cockpit = useBotCockpit(id);
  return (
    <>
      <Panel title={`${name} now`} aside={cockpit.data && <StateBadge state={cockpit.data.state} />}>
        {cockpit.isPending && <Skeleton h="40" />}
        {cockpit.isError && (
          <QueryError what="the bot's state" error={cockpit.error} onRetry={() => cockpit.refetch()} />
        )}
        {cockpit.data && <CockpitBody cockpit={cockpit.data} />}
      </Panel>
      <Panel title="Order journal">
        <OrderJournal id={id} name={name} />
      </Panel>
      <Panel title="Live next to its backtest">
        <Suspense fallback={<Skeleton h="72" />}>
          <VersusPanel id={id} name={name} />
        </Suspense>
      </Panel>
    </>
  );
}

function CockpitBody({ cockpit }: { cockpit: Cockpit }) {
  const { state, position: p } = cockpit;
  const attention = state.name === 'attention' || state.name === 'killed';
  return (
    <Stack gap="5">
      {(state.detail || state.todo) &&
        (attention ? (
          <FormAlert status="warning" title={state.detail}>
            {state.todo}
          </FormAlert>
        ) : (
          <Text color="fg.muted">{state.detail}</Text>
        ))}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Figures
          label="Candles"
          rows={[
            ['Last candle acted on', cockpit.lastCandle === null ? 'none yet' : dateText(cockpit.lastCandle)],
            ['Next candle closes', cockpit.nextClose === null ? '—' : dateText(cockpit.nextClose)],
            ['Interval', cockpit.interval],
          ]}
        />
        <Figures
          label="Signal (engine, same candles)"
          rows={
            cockpit.inputs.length > 0
              ? cockpit.inputs.map((i) => [i.name, inputText(i)])
              : [['Inputs', 'this strategy trades price levels, not indicators']]
          }
        />
        <Figures
          label="Position (real fills)"
          rows={
            p
              ? [
                  ['Side and size', `${p.side} ${qtyText(p.size)}`],
                  ['Entry', priceText(p.entry)],
                  ['Mark price', priceText(p.mark)],
                  [
                    'Unrealised P&L',
                    p.unrealised === null ? (
                      '—'
                    ) : (
                      <Text as="span" color={profitColor(p.unrealised)} fontWeight="semibold">
                        {formatUsdt(p.unrealised)} {cockpit.deployment.quote}
                      </Text>
                    ),
                  ],
                  ['Stop', priceText(p.stop)],
                  ['Kill switch', p.kill === null ? 'beyond zero' : priceText(p.kill)],
                  ...(cockpit.deployment.market === 'futures'
                    ? [
                        [
                          'Liquidation',
                          p.liquidation === null ? 'none at this leverage' : priceText(p.liquidation),
                        ] as [string, string],
                      ]
                    : []),
                ]
              : [['Position', 'flat']]
          }
        />
      </SimpleGrid>
      <Actions cockpit={cockpit} />
    </Stack>
  );
}
