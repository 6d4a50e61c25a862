import { Button, chakra, Field, HStack, Input, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { callApi, errorMessage } from '../lib/api';
import { parseUsdt, usdtText } from '../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';
import { useWallet } from '../wallet/hooks';
import { Panel } from '../components/Panel';
import { useBotsRefresh } from './hooks';

/**
 * The fuel wallet that pays the 20 % charge on each realised bot profit: its balance and a form
 * that moves money into it from the wallet.
 */
export function FuelCard() {
  const wallet = useWallet();
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const ids = useRequestId();
  const refresh = useBotsRefresh();
  const topUp = useMutation({
    mutationFn: (v: { amount: number; requestId: string }) => callApi('topUpFuel', v),
    ...moneyRetry,
    onSuccess: () => form.reset(),
    onSettled: (_a, error) => {
      ids.settled(error);
      void refresh();
    },
  });
  const send = useSingleFlight(topUp);
  const error = form.formState.errors.amount?.message;

  return (
    <Panel title="Fuel wallet">
      <Text fontSize="sm" color="fg.muted">
        20 % of each realised bot profit is charged from your fuel wallet (nothing is charged on a loss). Keep
        it topped up from your wallet.
      </Text>
      {wallet.isPending ? (
        <Skeleton h="16" />
      ) : wallet.isError ? (
        <QueryError what="your balances" error={wallet.error} onRetry={() => wallet.refetch()} />
      ) : (
        <HStack gap="8" flexWrap="wrap">
          <Stat.Root>
            <Stat.Label>Fuel wallet</Stat.Label>
            <Stat.ValueText aria-label="Fuel wallet balance">
              {usdtText(wallet.data.fuelwallet)}
            </Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Wallet</Stat.Label>
            <Stat.ValueText fontSize="lg">{usdtText(wallet.data.wallet)}</Stat.ValueText>
          </Stat.Root>
        </HStack>
      )}
      <chakra.form
        display="flex"
        flexDirection="column"

        aria-label="Top up the fuel wallet"
        noValidate
        gap="3"
        onSubmit={form.handleSubmit(({ amount }) => {
          const micro = parseUsdt(amount);
          if (!micro) return form.setError('amount', { message: 'Enter the amount in USDT, e.g. 20.' });
          send({ amount: micro, requestId: ids.requestId });
        })}
      >
        <HStack align="end" gap="3" flexWrap="wrap">
          <Field.Root invalid={!!error} maxW="xs">
            <Field.Label>Amount (USDT)</Field.Label>
            <Input inputMode="decimal" placeholder="Enter The Amount" {...form.register('amount')} />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={topUp.isPending}>
            Top up fuel
          </Button>
        </HStack>
        {topUp.isSuccess && <FormAlert status="success">{topUp.data.message}</FormAlert>}
        {topUp.isError && <FormAlert status="error">{errorMessage(topUp.error)}</FormAlert>}
      </chakra.form>
    </Panel>
  );
}
