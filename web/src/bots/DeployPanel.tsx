import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BotCard, PageBotId } from '#api/schemas/bots';
import { FormAlert } from '../components/FormAlert';
import { NativeChoice } from '../components/NativeChoice';
import { callApi, errorMessage } from '../lib/api';
import { parseUsdt } from '../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';
import type { DeployStyle } from './catalog';
import { AmountField, amountProblem, ConfirmDeploy, defaultAmount } from './DeployAmount';
import { dateText } from './format';
import { useBotsRefresh, useDeployLimits } from './hooks';

type Outcome = { status: 'success' | 'error'; text: string } | null;
type Quote = 'USDT' | 'USDC';
/** The deploy being confirmed: its amount (micro-USDT) and quote. */
type Pending = { amount: number; quote: Quote } | null;

interface Props {
  bot: PageBotId;
  card: BotCard | undefined;
  /** 'classic' adds the initial amount and the Trendex wording. */
  style: DeployStyle | 'classic';
}

const RISK_LABEL: Record<Props['style'], string> = {
  usdc: 'I accept the high risk of futures trading.',
  plain: 'I accept the high risk of futures trading.',
  activate: 'I accept the high risk of futures trading.',
  classic: 'I accept the risk of automated trading with my own funds.',
};

/**
 * The amount, the two required checkboxes and the page's buttons (spec section 4): Deploy / Deploy
 * as USDC / Undeploy, Deploy / Undeploy, or Activate / Delete; a deploy then asks for its
 * confirmation (DeployAmount.tsx) before it is sent. The server checks the gates in the spec's
 * order and answers with the spec's words, shown here beside the buttons. A deploy carries one
 * request id per intent, so a retry or a double click deploys once.
 */
export function DeployPanel({ bot, card, style }: Props) {
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptRisk, setAcceptRisk] = useState(false);
  const [acceptLoss, setAcceptLoss] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState<Pending>(null);
  const refresh = useBotsRefresh();
  const ids = useRequestId();
  const limits = useDeployLimits(bot);
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  // The least amount is the default, once it is known (a value the member typed stays).
  const least = defaultAmount(limits.data);
  useEffect(() => {
    if (least && !form.getValues('amount')) form.setValue('amount', least);
  }, [least, form]);

  const deployment = card?.deployment;
  const running = deployment?.status === 'active' || deployment?.status === 'stopping';

  const deploy = useMutation({
    mutationFn: (v: { quote: Quote; amount: number; requestId: string }) =>
      callApi('deployBot', { bot, acceptTerms, acceptRisk, acceptLoss, ...v }),
    ...moneyRetry,
    onSuccess: (answer) => {
      setPending(null);
      setOutcome({ status: 'success', text: answer.message });
    },
    onError: (error) => setOutcome({ status: 'error', text: errorMessage(error) }),
    onSettled: (_a, error) => {
      ids.settled(error);
      void refresh();
    },
  });
  const undeploy = useMutation({
    mutationFn: () => callApi('undeployBot', { bot, acceptTerms, acceptRisk }),
    onSuccess: (answer) => setOutcome({ status: 'success', text: answer.message }),
    onError: (error) => setOutcome({ status: 'error', text: errorMessage(error) }),
    onSettled: () => void refresh(),
  });
  const sendDeploy = useSingleFlight(deploy);
  const sendUndeploy = useSingleFlight(undeploy);
  const busy = deploy.isPending || undeploy.isPending;

  /** First step: the amount checked here, then the confirmation. */
  const onDeploy = (quote: Quote) =>
    form.handleSubmit(({ amount }) => {
      setOutcome(null);
      const micro = parseUsdt(amount);
      const problem = amountProblem(micro, limits.data);
      if (problem) return form.setError('amount', { message: problem });
      setPending({ amount: micro!, quote });
    })();

  const onUndeploy = () => {
    setOutcome(null);
    sendUndeploy(undefined);
  };

  const deployLabel = style === 'activate' ? 'Activate' : 'Deploy';
  const undeployLabel = style === 'activate' ? 'Delete' : 'Undeploy';

  return (
    // no landmark of its own: the page's Deploy (or Activate) panel around it is the named region
    <Stack gap="4">
      {running && deployment && (
        <Stack gap="1" role="status">
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette={deployment.status === 'active' ? 'green' : 'orange'} variant="subtle">
              {deployment.status === 'active' ? 'Active' : 'Stopping'}
            </Badge>
            <Text fontWeight="semibold">
              {style === 'classic' ? 'Trendex Ai trading Bot is active.' : `${deployment.name} is active.`}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Trading {deployment.symbol} ({deployment.market}) since {dateText(deployment.deployedAt)}.
          </Text>
        </Stack>
      )}
      {!running && deployment?.stopReason && deployment.status === 'killed' && (
        <FormAlert status="warning" title={`${deployment.name} stopped by itself`}>
          {deployment.stopReason}
        </FormAlert>
      )}

      {!running && !pending && (
        <AmountField
          limits={limits.data}
          register={form.register('amount')}
          error={form.formState.errors.amount?.message}
          label={style === 'classic' ? 'Initial amount (USDT)' : undefined}
        />
      )}

      <Stack gap="2">
        <NativeChoice
          type="checkbox"
          checked={acceptTerms}
          onChange={(e) => setAcceptTerms(e.target.checked)}
        >
          I accept the terms and conditions.
        </NativeChoice>
        <NativeChoice type="checkbox" checked={acceptRisk} onChange={(e) => setAcceptRisk(e.target.checked)}>
          {RISK_LABEL[style]}
        </NativeChoice>
      </Stack>

      {!running && card && pending && (
        <ConfirmDeploy
          card={card}
          amount={pending.amount}
          quote={pending.quote}
          acceptLoss={acceptLoss}
          onAcceptLoss={setAcceptLoss}
          onConfirm={() => sendDeploy({ ...pending, requestId: ids.requestId })}
          onBack={() => setPending(null)}
          pending={deploy.isPending}
          confirmLabel={`Confirm and ${deployLabel.toLowerCase()}`}
        />
      )}

      {/* while a deploy waits for its confirmation, the confirmation has the buttons */}
      {!pending && (
        <HStack gap="3" flexWrap="wrap">
          {!running && (
            <Button
              colorPalette="brand"
              onClick={() => onDeploy('USDT')}
              loading={deploy.isPending}
              disabled={busy}
            >
              {deployLabel}
            </Button>
          )}
          {!running && style === 'usdc' && (
            <Button
              colorPalette="brand"
              variant="outline"
              onClick={() => onDeploy('USDC')}
              loading={deploy.isPending}
              disabled={busy}
            >
              Deploy as USDC
            </Button>
          )}
          {running && (
            <Button
              colorPalette="red"
              bg={style === 'activate' ? 'red.800' : undefined}
              color={style === 'activate' ? 'white' : undefined}
              variant={style === 'activate' ? 'solid' : 'outline'}
              onClick={onUndeploy}
              loading={undeploy.isPending}
              disabled={busy || deployment?.status === 'stopping'}
            >
              {undeployLabel}
            </Button>
          )}
        </HStack>
      )}
      {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
    </Stack>
  );
}
