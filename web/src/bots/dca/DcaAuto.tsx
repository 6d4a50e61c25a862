import { Button, chakra, Field, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { DcaPresetId } from '#api/schemas/bots';
import { FormAlert } from '../../components/FormAlert';
import { callApi, errorMessage } from '../../lib/api';
import { parseUsdt } from '../../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../../lib/requestId';
import { useBotsRefresh } from '../hooks';

/** The four presets (engine/strategies/dca-presets.ts), in the spec's order. */
const PRESETS: { id: DcaPresetId; name: string; text: string }[] = [
  {
    id: 'universal',
    name: 'Universal Bot',
    text: 'Eight equal orders 2 % apart; takes profit at 1.5 % over the average price.',
  },
  {
    id: 'aibot',
    name: 'AI Bot',
    text: 'Steps of 1.5 ATR, wider when the market is wild; each order a half larger than the one before.',
  },
  {
    id: 'dcaking',
    name: 'DCA King',
    text: 'Martingale: ten orders 2.5 % apart, each 1.5 times the previous; takes profit at 1.2 %.',
  },
  {
    id: 'dcaairobot',
    name: 'DCA AI Robot',
    text: 'Opens a cycle only when RSI(14) is under 30, then eight orders 2.5 % apart.',
  },
];

function PresetCard({ id, name, text }: (typeof PRESETS)[number]) {
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const ids = useRequestId();
  const refresh = useBotsRefresh();
  const start = useMutation({
    mutationFn: (v: { amount: number; requestId: string }) => callApi('startDcaAuto', { bot: id, ...v }),
    ...moneyRetry,
    onSuccess: () => form.reset(),
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

      aria-label={name}
      noValidate
      onSubmit={form.handleSubmit(({ amount }) => {
        const micro = parseUsdt(amount);
        if (!micro)
          return form.setError('amount', { message: 'Enter the amount in USDT, e.g. 100 or 100.50.' });
        send({ amount: micro, requestId: ids.requestId });
      })}
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p="5"
      gap="3"
    >
      <Heading as="h3" size="md">
        {name}
      </Heading>
      <Text fontSize="sm" color="fg.muted" flex="1">
        {text}
      </Text>
      <Field.Root invalid={!!error}>
        <Field.Label>Amount (USDT)</Field.Label>
        <Input inputMode="decimal" placeholder="Enter The Amount" {...form.register('amount')} />
        <Field.HelperText>What one cycle spends if every order fills. BTCUSDT spot.</Field.HelperText>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Button type="submit" colorPalette="brand" loading={start.isPending} aria-label={`Start ${name}`}>
        Start
      </Button>
      {start.isSuccess && <FormAlert status="success">{start.data.message}</FormAlert>}
      {start.isError && <FormAlert status="error">{errorMessage(start.error)}</FormAlert>}
    </chakra.form>
  );
}

/** Automatic Trading: the four preset cards, each with its amount and its start button. */
export function DcaAuto() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
      {PRESETS.map((p) => (
        <PresetCard key={p.id} {...p} />
      ))}
    </SimpleGrid>
  );
}
