import { Button, chakra, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MemberSettings } from '../../../../engine/backtest/settings';
import { MICRO_PER_USDT } from '#api/money';
import type { BotCard, DcaPresetId } from '#api/schemas/bots';
import { FormAlert } from '../../components/FormAlert';
import { QueryError } from '../../components/QueryError';
import { callApi, errorMessage } from '../../lib/api';
import { formatUsdt, parseUsdt } from '../../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../../lib/requestId';
import { LazyBacktestTheseSettings } from '../backtest/LazyBacktestTheseSettings';
import { AmountField, amountProblem, ConfirmDeploy, defaultAmount } from '../DeployAmount';
import { EvidenceLines, LostInTesting } from '../Evidence';
import { useBots, useBotsRefresh, useDeployLimits } from '../hooks';

/** The four presets (engine/strategies/dca-presets.ts), in the spec's order. */
const PRESETS: readonly DcaPresetId[] = ['universal', 'aibot', 'dcaking', 'dcaairobot'];

type PresetSettings = Extract<MemberSettings, { kind: 'dca-preset' }>;

/**
 * One automatic DCA: what it is and how it did in testing, then its amount and a confirmation of
 * what that amount puts at risk before it starts (issue 28), and a backtest of the preset on the
 * amount entered (issue 29).
 */
function PresetCard({ card, onBacktest }: { card: BotCard; onBacktest: (settings: PresetSettings) => void }) {
  const id = card.id as DcaPresetId;
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const ids = useRequestId();
  const refresh = useBotsRefresh();
  const limits = useDeployLimits(id);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [acceptLoss, setAcceptLoss] = useState(false);
  const least = defaultAmount(limits.data);
  useEffect(() => {
    if (least && !form.getValues('amount')) form.setValue('amount', least);
  }, [least, form]);
  const start = useMutation({
    mutationFn: (v: { amount: number; requestId: string }) =>
      callApi('startDcaAuto', { bot: id, acceptLoss, ...v }),
    ...moneyRetry,
    onSuccess: () => {
      setConfirming(null);
      setAcceptLoss(false);
    },
    onSettled: (_a, error) => {
      ids.settled(error);
      void refresh();
    },
  });
  const send = useSingleFlight(start);
  const error = form.formState.errors.amount?.message;

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      aria-label={card.name}
      noValidate
      onSubmit={form.handleSubmit(({ amount }) => {
        const micro = parseUsdt(amount);
        const problem = amountProblem(micro, limits.data);
        if (problem) return form.setError('amount', { message: problem });
        start.reset();
        setConfirming(micro);
      })}
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p="5"
      gap="3"
    >
      <Heading as="h3" size="md">
        {card.name}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {card.description}
      </Text>
      <LostInTesting evidence={card.evidence} />
      <EvidenceLines evidence={card.evidence} symbol={card.symbol} />
      {confirming === null ? (
        <>
          <AmountField limits={limits.data} register={form.register('amount')} error={error} />
          <Text fontSize="xs" color="fg.muted">
            What one cycle spends if every order fills. BTCUSDT spot.
          </Text>
          <Button type="submit" colorPalette="brand" aria-label={`Start ${card.name}`}>
            Start
          </Button>
          <Button
            variant="outline"
            aria-label={`Backtest ${card.name}`}
            onClick={() => {
              const micro = parseUsdt(form.getValues('amount'));
              if (!micro) return form.setError('amount', { message: amountProblem(micro, undefined)! });
              form.clearErrors('amount');
              onBacktest({ kind: 'dca-preset', bot: id, amount: micro / MICRO_PER_USDT });
            }}
          >
            Backtest
          </Button>
        </>
      ) : (
        <ConfirmDeploy
          card={card}
          amount={confirming}
          acceptLoss={acceptLoss}
          onAcceptLoss={setAcceptLoss}
          onConfirm={() => send({ amount: confirming, requestId: ids.requestId })}
          onBack={() => setConfirming(null)}
          pending={start.isPending}
          confirmLabel="Confirm and start"
        />
      )}
      {start.isSuccess && <FormAlert status="success">{start.data.message}</FormAlert>}
      {start.isError && <FormAlert status="error">{errorMessage(start.error)}</FormAlert>}
    </chakra.form>
  );
}

/**
 * Automatic Trading: the four preset cards, each with its evidence, its amount, its start and a
 * backtest of the preset on that amount (shown under the cards).
 */
export function DcaAuto() {
  const bots = useBots();
  const [trial, setTrial] = useState<{ settings: PresetSettings; request: number } | null>(null);
  const backtest = (settings: PresetSettings) =>
    setTrial((t) => ({ settings, request: (t?.request ?? 0) + 1 }));
  if (bots.isPending) return <Skeleton h="64" />;
  if (bots.isError)
    return <QueryError what="the DCA bots" error={bots.error} onRetry={() => bots.refetch()} />;
  const cards = bots.data.bots;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        {PRESETS.map((id) => {
          const card = cards.find((b) => b.id === id);
          return card ? <PresetCard key={id} card={card} onBacktest={backtest} /> : null;
        })}
      </SimpleGrid>
      {trial && (
        <Stack as="section" aria-label="Backtest of the preset" gap="3">
          <Heading as="h3" size="md">
            Backtest: {cards.find((b) => b.id === trial.settings.bot)?.name} on{' '}
            {formatUsdt(Math.round(trial.settings.amount * MICRO_PER_USDT))} USDT
          </Heading>
          <LazyBacktestTheseSettings settings={trial.settings} symbol="BTCUSDT" request={trial.request} />
        </Stack>
      )}
    </Stack>
  );
}
