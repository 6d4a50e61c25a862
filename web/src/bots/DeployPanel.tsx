import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BotCard, PageBotId } from '#api/schemas/bots';
import { FormAlert } from '../components/FormAlert';
import { NativeChoice } from '../components/NativeChoice';
import { callApi, errorMessage } from '../lib/api';
import { parseUsdt } from '../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';
import type { DeployStyle } from './catalog';
import { dateText } from './format';
import { useBotsRefresh } from './hooks';

type Outcome = { status: 'success' | 'error'; text: string } | null;

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
 * The two required checkboxes and the page's buttons (spec section 4): Deploy / Deploy as USDC /
 * Undeploy, Deploy / Undeploy, or Activate / Delete. The server checks the gates in the spec's
 * order and answers with the spec's words, shown here beside the buttons. A deploy carries one
 * request id per intent, so a retry or a double click deploys once.
 */
export function DeployPanel({ bot, card, style }: Props) {
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptRisk, setAcceptRisk] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refresh = useBotsRefresh();
  const ids = useRequestId();
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });

  const deployment = card?.deployment;
  const running = deployment?.status === 'active' || deployment?.status === 'stopping';

  const deploy = useMutation({
    mutationFn: (v: { quote: 'USDT' | 'USDC'; amount?: number; requestId: string }) =>
      callApi('deployBot', { bot, acceptTerms, acceptRisk, ...v }),
    ...moneyRetry,
    onSuccess: (answer) => setOutcome({ status: 'success', text: answer.message }),
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

  const onDeploy = (quote: 'USDT' | 'USDC') =>
    form.handleSubmit(({ amount }) => {
      setOutcome(null);
      if (style !== 'classic') return sendDeploy({ quote, requestId: ids.requestId });
      const micro = amount.trim() ? parseUsdt(amount) : undefined;
      if (micro === null || micro === 0) {
        form.setError('amount', { message: 'Enter the initial amount in USDT, e.g. 1000 or 1000.50.' });
        return;
      }
      sendDeploy({ quote, amount: micro, requestId: ids.requestId });
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

      {style === 'classic' && !running && (
        <Field.Root invalid={!!form.formState.errors.amount}>
          <Field.Label>Initial amount (USDT)</Field.Label>
          <Input
            inputMode="decimal"
            placeholder={`Enter The Amount (default ${card?.capital ?? 1000})`}
            maxW="xs"
            {...form.register('amount')}
          />
          <Field.HelperText>
            Your Binance spot and futures accounts each need at least 500 USDT free.
          </Field.HelperText>
          <Field.ErrorText>{form.formState.errors.amount?.message}</Field.ErrorText>
        </Field.Root>
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
      {outcome && <FormAlert status={outcome.status}>{outcome.text}</FormAlert>}
    </Stack>
  );
}
