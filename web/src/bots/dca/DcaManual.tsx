import {
  Button,
  chakra,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { MemberSettings } from '../../../../engine/backtest/settings';
import { dcaPlan, MAX_DCA_STAGES, type DcaParams } from '../../../../engine/strategies/dca';
import { MICRO_PER_USDT } from '#api/money';
import type { RequestOf } from '#api/routes';
import { FormAlert } from '../../components/FormAlert';
import { NativeChoice } from '../../components/NativeChoice';
import { callApi, errorMessage } from '../../lib/api';
import { formatUsdt, parseUsdt } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { moneyRetry, useRequestId, useSingleFlight } from '../../lib/requestId';
import { LazyBacktestTheseSettings } from '../backtest/LazyBacktestTheseSettings';
import { DataTable } from '../DataTable';
import { priceText, qtyText } from '../format';
import { EvidenceLines, LostInTesting } from '../Evidence';
import { useBots, useBotsRefresh } from '../hooks';

/** The spec's position selector: First to Fifteenth (every count reveals its pairs; none is skipped). */
export const ORDINALS = [
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
  'Eleventh',
  'Twelfth',
  'Thirteenth',
  'Fourteenth',
  'Fifteenth',
] as const;

interface Values {
  count: number;
  symbol: 'BTCUSDT' | 'ETHUSDT';
  initial: string;
  takeProfit: string;
  oneShot: boolean;
  acceptLoss: boolean;
  stages: { timesX: string; per: string }[];
}

type ManualSettings = Extract<MemberSettings, { kind: 'manual-dca' }> & { symbol: Values['symbol'] };

const EMPTY_STAGES = Array.from({ length: MAX_DCA_STAGES - 1 }, () => ({ timesX: '', per: '' }));

/** A positive decimal (time x, percentages), or null. */
const positive = (text: string): number | null => {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
};

/** The ladder a cycle would place from the current price (dcaPlan, the engine's own sums). */
function LadderPreview({ values, price }: { values: Values; price: number | undefined }) {
  const initial = parseUsdt(values.initial);
  const takeProfitPct = positive(values.takeProfit);
  const stages = values.stages
    .slice(0, values.count - 1)
    .map((s) => ({ timesX: positive(s.timesX), per: positive(s.per) }));
  if (!price || !initial || !takeProfitPct || stages.some((s) => !s.timesX || !s.per || s.per >= 100))
    return (
      <Text fontSize="sm" color="fg.muted">
        Fill in the amount, the take profit and every position to see the orders this DCA would place.
      </Text>
    );
  const params: DcaParams = {
    initial: initial / MICRO_PER_USDT,
    stages: stages.map((s) => ({ timesX: s.timesX!, per: s.per! })),
    takeProfitPct,
    oneShot: values.oneShot,
    stepUnit: 'percent',
    atrPeriod: 14,
    entryRsiBelow: null,
    rsiPeriod: 14,
    stopLossPct: null,
    riskPct: 10,
  };
  const rows = dcaPlan(params, price);
  const total = rows.reduce((s, r) => s + r.quote, 0);
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        From the last price {priceText(price, values.symbol)}: a cycle that fills every position spends about{' '}
        {formatUsdt(Math.round(total * MICRO_PER_USDT))} USDT (before fees).
      </Text>
      <DataTable
        label="DCA ladder preview"
        rows={rows}
        rowKey={(r) => String(r.stage)}
        columns={[
          { header: 'Position', cell: (r) => ORDINALS[r.stage - 1] },
          { header: 'Buy at', cell: (r) => priceText(r.price, values.symbol), align: 'end' },
          { header: 'USDT', cell: (r) => formatUsdt(Math.round(r.quote * MICRO_PER_USDT)), align: 'end' },
          { header: 'Quantity', cell: (r) => qtyText(Number(r.quantity.toPrecision(6))), align: 'end' },
          { header: 'Average', cell: (r) => priceText(r.averagePrice, values.symbol), align: 'end' },
          {
            header: 'Take profit at',
            cell: (r) => priceText(r.takeProfitPrice, values.symbol),
            align: 'end',
          },
        ]}
      />
    </Stack>
  );
}

/** Manual Trading: the spec's DCA form (symbol, initial, take profit, positions 2..15, one-shot). */
export function DcaManual() {
  const card = useBots().data?.bots.find((b) => b.id === 'dca');
  const form = useForm<Values>({
    defaultValues: {
      count: 1,
      symbol: 'BTCUSDT',
      initial: '',
      takeProfit: '',
      oneShot: false,
      acceptLoss: false,
      stages: EMPTY_STAGES,
    },
  });
  const values = useWatch({ control: form.control }) as Values;
  const ticker = useQuery({
    queryKey: queryKeys.ticker(),
    queryFn: () => callApi('getTicker', {}),
    staleTime: 3000,
  });
  const price = ticker.data?.items.find((i) => i.symbol === values.symbol)?.lastPrice;
  const ids = useRequestId();
  const refresh = useBotsRefresh();
  const start = useMutation({
    mutationFn: (body: RequestOf<'startDcaManual'>) => callApi('startDcaManual', body),
    ...moneyRetry,
    onSuccess: () => form.reset(),
    onSettled: (_a, error) => {
      ids.settled(error);
      void refresh();
    },
  });
  const send = useSingleFlight(start);
  const { errors } = form.formState;

  // A count lowered hides the later pairs: their errors no longer apply.
  const count = Number(values.count);
  useEffect(() => form.clearErrors('stages'), [count, form]);

  /** The form's ladder, or null after marking what is wrong (the start and the backtest check alike). */
  const ladder = (v: Values) => {
    const initial = parseUsdt(v.initial);
    const takeProfitPct = positive(v.takeProfit);
    let ok = true;
    if (!initial) {
      form.setError('initial', { message: 'Enter the initial amount in USDT, e.g. 50.' });
      ok = false;
    }
    if (!takeProfitPct || takeProfitPct > 100) {
      form.setError('takeProfit', { message: 'Enter the take profit percentage (above 0, at most 100).' });
      ok = false;
    }
    const stages = v.stages.slice(0, Number(v.count) - 1).map((s, i) => {
      const timesX = positive(s.timesX);
      const per = positive(s.per);
      if (!timesX || timesX > 100) {
        form.setError(`stages.${i}.timesX`, { message: 'Enter the time x (above 0, at most 100).' });
        ok = false;
      }
      if (!per || per > 100) {
        form.setError(`stages.${i}.per`, { message: 'Enter the percentage (above 0, at most 100).' });
        ok = false;
      }
      return { timesX: timesX ?? 0, per: per ?? 0 };
    });
    if (!ok) return null;
    return { symbol: v.symbol, initial: initial!, takeProfitPct: takeProfitPct!, stages, oneShot: v.oneShot };
  };

  const onSubmit = form.handleSubmit((v) => {
    const body = ladder(v);
    if (body) send({ ...body, acceptLoss: v.acceptLoss, requestId: ids.requestId });
  });

  const [trial, setTrial] = useState<{ settings: ManualSettings; request: number } | null>(null);
  const onBacktest = form.handleSubmit((v) => {
    const body = ladder(v);
    if (!body) return;
    const settings: ManualSettings = { kind: 'manual-dca', ...body, initial: body.initial / MICRO_PER_USDT };
    setTrial((t) => ({ settings, request: (t?.request ?? 0) + 1 }));
  });

  return (
    <Stack gap="6">
      <chakra.form
        display="flex"
        flexDirection="column"
        aria-label="Manual DCA"
        noValidate
        onSubmit={onSubmit}
        gap="5"
      >
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
          <Field.Root>
            <Field.Label>Positions</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('count', { valueAsNumber: true })}>
                {ORDINALS.map((o, i) => (
                  <option key={o} value={i + 1}>
                    {o}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>Symbol</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('symbol')}>
                <option value="BTCUSDT">BTCUSDT</option>
                <option value="ETHUSDT">ETHUSDT</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!errors.initial}>
            <Field.Label>Initial amount (USDT)</Field.Label>
            <Input inputMode="decimal" placeholder="e.g. 50" {...form.register('initial')} />
            <Field.ErrorText>{errors.initial?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.takeProfit}>
            <Field.Label>Take profit (%)</Field.Label>
            <Input inputMode="decimal" placeholder="e.g. 2" {...form.register('takeProfit')} />
            <Field.ErrorText>{errors.takeProfit?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>

        {count > 1 && (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted">
              Each position buys the initial amount times its time x when the price is its percentage below
              the previous buy.
            </Text>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }} gap="4">
              {ORDINALS.slice(1, count).map((ordinal, i) => (
                <HStack key={ordinal} as="fieldset" aria-label={`${ordinal} position`} align="start" gap="3">
                  <Field.Root invalid={!!errors.stages?.[i]?.timesX}>
                    <Field.Label>{ordinal} time x</Field.Label>
                    <Input
                      inputMode="decimal"
                      placeholder="e.g. 2"
                      {...form.register(`stages.${i}.timesX`)}
                    />
                    <Field.ErrorText>{errors.stages?.[i]?.timesX?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.stages?.[i]?.per}>
                    <Field.Label>{ordinal} percentage</Field.Label>
                    <Input inputMode="decimal" placeholder="e.g. 3" {...form.register(`stages.${i}.per`)} />
                    <Field.ErrorText>{errors.stages?.[i]?.per?.message}</Field.ErrorText>
                  </Field.Root>
                </HStack>
              ))}
            </Grid>
          </Stack>
        )}

        <NativeChoice type="checkbox" {...form.register('oneShot')}>
          One shot: stop after the first take profit
        </NativeChoice>

        <LadderPreview values={values} price={price} />

        {card && (
          <Stack gap="2" aria-label="Manual DCA in testing">
            <LostInTesting evidence={card.evidence} />
            <EvidenceLines evidence={card.evidence} symbol={card.symbol} />
            <Text fontSize="xs" color="fg.muted">
              Tested with the example ladder: {card.parameters.find((p) => p.name === 'Ladder')?.value}.
            </Text>
            {card.evidence.lostMoneyInTesting && (
              <NativeChoice type="checkbox" {...form.register('acceptLoss')}>
                I have read that this bot lost money in testing
              </NativeChoice>
            )}
          </Stack>
        )}

        <HStack flexWrap="wrap">
          <Button type="submit" colorPalette="brand" loading={start.isPending}>
            Start DCA
          </Button>
          <Button variant="outline" onClick={onBacktest}>
            Backtest these settings
          </Button>
        </HStack>
        {start.isSuccess && <FormAlert status="success">{start.data.message}</FormAlert>}
        {start.isError && <FormAlert status="error">{errorMessage(start.error)}</FormAlert>}
      </chakra.form>
      {trial && (
        <Stack as="section" aria-label="Backtest of your ladder" gap="3">
          <Heading as="h3" size="md">
            Backtest: your ladder on {trial.settings.symbol}
          </Heading>
          <LazyBacktestTheseSettings
            settings={trial.settings}
            symbol={trial.settings.symbol}
            request={trial.request}
          />
        </Stack>
      )}
    </Stack>
  );
}
