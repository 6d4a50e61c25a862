import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExchangeCard } from '#api/schemas/exchange';
import { AppDialog, DialogDismiss } from '../../components/AppDialog';
import { FormAlert } from '../../components/FormAlert';
import { OtpField } from '../../components/OtpField';
import { callApi } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { codeRefused, useSendCode } from './mailedCode';
import { EXCHANGE_NAMES, failureText } from './messages';

/** Forgetting a key takes the mailed code too: a stolen session alone cannot remove it. */
export function RemoveDialog({
  card,
  open,
  onOpenChange,
}: {
  card: ExchangeCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [otp, setOtp] = useState('');
  const sendCode = useSendCode();
  const remove = useMutation({
    mutationFn: () => callApi('removeExchangeKey', { exchange: card.exchange, otp }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.exchanges() }),
  });
  const name = EXCHANGE_NAMES[card.exchange];

  const reset = () => {
    setOtp('');
    sendCode.reset();
    remove.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (otp.trim()) remove.mutate();
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={reset}
      title={`Remove ${name} key`}
      onSubmit={submit}
      footer={
        remove.isSuccess ? (
          <DialogDismiss primary>Done</DialogDismiss>
        ) : (
          <>
            <DialogDismiss />
            <Button type="submit" colorPalette="red" loading={remove.isPending} disabled={!otp.trim()}>
              Remove
            </Button>
          </>
        )
      }
    >
      {remove.isSuccess ? (
        <FormAlert status="success">{remove.data.message}</FormAlert>
      ) : (
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Trendex forgets the key …{card.keyHint}. You can delete it on {name} as well.
          </Text>
          <OtpField value={otp} onChange={setOtp} invalid={codeRefused(remove.error)} send={sendCode} />
          {remove.isError && <FormAlert status="error">{failureText(remove.error)}</FormAlert>}
        </Stack>
      )}
    </AppDialog>
  );
}
