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
import { dcaPlan, MAX_DCA_STAGES } from '../../../../engine/strategies/dca';
import {
  ladderUnits,
  manualDcaParams,
  manualLeastInitial,
  manualSmallestOrder,
} from '../../../../engine/strategies/dca-presets';
import { MICRO_PER_USDT, usdt } from '#api/money';
import type { RequestOf } from '#api/routes';
import { smallestOrderText, type DcaSymbol, type DeployLimits } from '#api/schemas/bots';
import { FormAlert } from '../../components/FormAlert';
import { NativeChoice } from '../../components/NativeChoice';
import { callApi, errorMessage } from '../../lib/api';
import { formatUsdt, parseUsdt, usdtText } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { moneyRetry, useRequestId, useSingleFlight } from '../../lib/requestId';
import { LazyBacktestTheseSettings } from '../backtest/LazyBacktestTheseSettings';
import { DataTable } from '../DataTable';
import { ConfirmDeploy, freeText } from '../DeployAmount';
import { priceText, qtyText } from '../format';
import { EvidenceLines, LostInTesting } from '../Evidence';
import { useBots, useBotsRefresh, useDeployLimits } from '../hooks';

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
  symbol: DcaSymbol;
  initial: string;
  takeProfit: string;
  oneShot: boolean;
  stages: { timesX: string; per: string }[];
}

/** The ladder as the start sends it (the initial order in micro-USDT). */
type Ladder = Omit<RequestOf<'startDcaManual'>, 'acceptLoss' | 'requestId'>;
type Stages = readonly { readonly timesX: number }[];

type ManualSettings = Extract<MemberSettings, { kind: 'manual-dca' }> & { symbol: Values['symbol'] };

const EMPTY_STAGES = Array.from({ length: MAX_DCA_STAGES - 1 }, () => ({ timesX: '', per: '' }));

/** A positive decimal (time x, percentages), or null. */
const positive = (text: string): number | null => {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
};

/** What one full cycle of a ladder spends (micro-USDT): the amount at risk, as the server counts it. */
const ladderTotal = (initial: number, stages: Stages) =>
  usdt((initial / MICRO_PER_USDT) * ladderUnits(stages));

/**
 * Why a ladder cannot start, before asking the server (which checks it again), or null: its
 * smallest order under the exchange's minimum, or a cycle that spends more than the spot account has.
 */
const ladderProblem = (ladder: Ladder, limits: DeployLimits | undefined): string | null => {
  if (!limits) return null;
  const smallest = manualSmallestOrder(ladder.initial / MICRO_PER_USDT, ladder.stages);
  if (smallest < limits.orderMinimum)
    return smallestOrderText(
      smallest,
      limits.orderMinimum,
      `Use an initial amount of at least ${manualLeastInitial(ladder.stages, limits.orderMinimum)} USDT.`,
    );
  const total = ladderTotal(ladder.initial, ladder.stages);
  if (limits.free !== null && total > limits.free)
    return `Your Binance spot account has ${usdtText(limits.free)} free; this ladder would spend ${usdtText(total)}.`;
  return null;
};

/**
 * The amount at risk: what one cycle of the ladder spends with every position filled, beside the
 * least this ladder needs for Binance to take its smallest order and the member's free spot balance.
 */
function LadderAmount({
  shape,
  limits,
}: {
  shape: { initial: number; stages: Stages } | null;
  limits: ReturnType<typeof useDeployLimits>;
}) {
  const least = shape && limits.data && manualLeastInitial(shape.stages, limits.data.orderMinimum);
  return (
    <Stack gap="1" role="group" aria-label="Amount at risk">
      <Text fontWeight="semibold">
        Amount at risk: {shape ? usdtText(ladderTotal(shape.initial, shape.stages)) : '—'}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {shape
          ? 'What one cycle spends if every position fills (before fees).'
          : 'Fill in the initial amount and every time x to see what one cycle spends.'}{' '}
        {limits.data && least
          ? `At least ${usdtText(ladderTotal(least * MICRO_PER_USDT, shape!.stages))} for this ladder: an initial amount of at least ${least} USDT (Binance takes no order under ${limits.data.orderMinimum} USDT). `
          : ''}
        {limits.data
          ? freeText(limits.data)
          : limits.isError
            ? 'Your free balance could not be read; it is checked when you start.'
            : 'Reading your free balance…'}
      </Text>
    </Stack>
  );
}

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
  const params = manualDcaParams({
    initial: initial / MICRO_PER_USDT,
    stages: stages.map((s) => ({ timesX: s.timesX!, per: s.per! })),
    takeProfitPct,
    oneShot: values.oneShot,
  });
  const rows = dcaPlan(params, price);
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        The orders of a cycle opened at the last price, {priceText(price, values.symbol)}:
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

/**
 * Manual Trading: the spec's DCA form (symbol, initial, take profit, positions 2..15, one-shot),
 * the amount a full cycle puts at risk, then the confirmation every deploy has (issue 28) before
 * the ladder starts.
 */
export function DcaManual() {
  const card = useBots().data?.bots.find((b) => b.id === 'dca');
  const form = useForm<Values>({
    defaultValues: {
      count: 1,
      symbol: 'BTCUSDT',
      initial: '',
      takeProfit: '',
      oneShot: false,
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
  const limits = useDeployLimits('dca', values.symbol);
  const ids = useRequestId();
  const refresh = useBotsRefresh();
  /** The ladder being confirmed, as it was when Start DCA was pressed (the form is frozen meanwhile). */
  const [confirming, setConfirming] = useState<Ladder | null>(null);
  const [acceptLoss, setAcceptLoss] = useState(false);
  const start = useMutation({
    mutationFn: (body: RequestOf<'startDcaManual'>) => callApi('startDcaManual', body),
    ...moneyRetry,
    onSuccess: () => {
      form.reset();
      setConfirming(null);
      setAcceptLoss(false);
    },
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

  // The amount at risk needs the initial amount and every time x (not the steps or the take profit).
  const initial = parseUsdt(values.initial);
  const timesX = values.stages.slice(0, count - 1).map((s) => positive(s.timesX));
  const shape =
    initial && timesX.every((t) => t !== null && t <= 100)
      ? { initial, stages: timesX.map((t) => ({ timesX: t! })) }
      : null;

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

  /** First step: the ladder and its amount checked here, then the confirmation. */
  const onSubmit = form.handleSubmit((v) => {
    const body = ladder(v);
    if (!body || confirming) return;
    const problem = ladderProblem(body, limits.data?.symbol === body.symbol ? limits.data : undefined);
    if (problem) return form.setError('initial', { message: problem });
    start.reset();
    setConfirming(body);
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
        {/* frozen while its confirmation is open: what is confirmed is what starts */}
        <chakra.fieldset
          disabled={confirming !== null}
          display="flex"
          flexDirection="column"
          gap="5"
          minW="0"
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
                  <HStack
                    key={ordinal}
                    as="fieldset"
                    aria-label={`${ordinal} position`}
                    align="start"
                    gap="3"
                  >
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
        </chakra.fieldset>

        <LadderPreview values={values} price={price} />
        <LadderAmount shape={shape} limits={limits} />

        {card && (
          <Stack gap="2" aria-label="Manual DCA in testing">
            <LostInTesting evidence={card.evidence} />
            <EvidenceLines evidence={card.evidence} symbol={card.symbol} />
            <Text fontSize="xs" color="fg.muted">
              Tested with the example ladder: {card.parameters.find((p) => p.name === 'Ladder')?.value}.
            </Text>
          </Stack>
        )}

        {card && confirming ? (
          <ConfirmDeploy
            card={card}
            amount={ladderTotal(confirming.initial, confirming.stages)}
            symbol={confirming.symbol}
            acceptLoss={acceptLoss}
            onAcceptLoss={setAcceptLoss}
            onConfirm={() => send({ ...confirming, acceptLoss, requestId: ids.requestId })}
            onBack={() => setConfirming(null)}
            pending={start.isPending}
            confirmLabel="Confirm and start"
          />
        ) : (
          <HStack flexWrap="wrap">
            <Button type="submit" colorPalette="brand" disabled={!card}>
              Start DCA
            </Button>
            <Button variant="outline" onClick={onBacktest}>
              Backtest these settings
            </Button>
          </HStack>
        )}
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
