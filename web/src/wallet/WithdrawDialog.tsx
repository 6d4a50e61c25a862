import { Button, Code, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { WalletName } from '#api/schemas/wallet';
import { AppDialog, DialogDismiss } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { OtpField } from '../components/OtpField';
import { ApiError, callApi, errorMessage } from '../lib/api';
import { parseUsdt, usdtText } from '../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';
import { useMoneyRefresh } from './hooks';

const MIN_WITHDRAW = 10_000_000; // 10 USDT in micro-USDT, the server's minimum
/** The spec's words for the minimum: the amount field's hint, and its error when not met (one wording). */
const MIN_WITHDRAW_MESSAGE = 'Minimum withdraw balance is 10$';

/** Withdraw Details: Generate OTP, then amount, BEP20 address and the mailed code. */
export function WithdrawDialog({
  open,
  onOpenChange,
  wallet = 'wallet',
  balance,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet?: WalletName;
  balance?: number;
}) {
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [otp, setOtp] = useState('');
  const [belowMinimum, setBelowMinimum] = useState(false);
  const refresh = useMoneyRefresh();

  const sendOtp = useMutation({ mutationFn: () => callApi('requestWithdrawOtp', {}) });
  // One withdrawal per request: a retry after an error or a second click answers where it stands.
  const ids = useRequestId();
  const withdraw = useMutation({
    mutationFn: (requestId: string) =>
      callApi('withdraw', {
        amount: amount.trim(),
        address: address.trim(),
        otp: otp.trim(),
        wallet,
        requestId,
      }),
    ...moneyRetry,
    onSettled: (_answer, error) => {
      ids.settled(error);
      void refresh();
    },
  });
  const send = useSingleFlight(withdraw);

  const submit = () => {
    const micro = parseUsdt(amount);
    setBelowMinimum(micro !== null && micro < MIN_WITHDRAW);
    if (micro !== null && micro < MIN_WITHDRAW) return;
    send(ids.requestId);
  };
  const field = withdraw.error instanceof ApiError ? withdraw.error.field : undefined;
  // the server's own minimum refusal is the same fact: it shows on the amount field, not twice
  const minimumError = belowMinimum || withdraw.error?.message === MIN_WITHDRAW_MESSAGE;
  const error = withdraw.isError && !minimumError ? errorMessage(withdraw.error) : null;

  const reset = () => {
    setAmount('');
    setAddress('');
    setOtp('');
    setBelowMinimum(false);
    sendOtp.reset();
    withdraw.reset();
    ids.renew();
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={reset}
      title="Withdraw Details"
      footer={
        withdraw.isSuccess ? (
          <DialogDismiss primary>Done</DialogDismiss>
        ) : (
          <>
            <DialogDismiss />
            <Button type="submit" form="withdraw-form" colorPalette="brand" loading={withdraw.isPending}>
              Withdraw
            </Button>
          </>
        )
      }
    >
      {withdraw.isSuccess && withdraw.data.status === 'paid' ? (
        <FormAlert status="success" title="Withdrawal sent">
          <Stack gap="1">
            <Text>{usdtText(withdraw.data.amount)} is on its way.</Text>
            <Text>
              Withdraw Hash:{' '}
              <Code wordBreak="break-all" data-testid="withdraw-hash">
                {withdraw.data.hash}
              </Code>
            </Text>
          </Stack>
        </FormAlert>
      ) : withdraw.isSuccess ? (
        // the provider has not finished: the money stays held, never refunded while unknown
        <FormAlert status="info" title="Withdrawal processing">
          <Stack gap="1">
            <Text data-testid="withdraw-processing">
              {usdtText(withdraw.data.amount)} is held until the payout completes.
            </Text>
            <Text>
              You will be notified when it is paid (with its hash) or, if the payout fails, when the amount is
              back in your wallet. Your withdrawals are listed on the Wallet page.
            </Text>
          </Stack>
        </FormAlert>
      ) : (
        <form
          id="withdraw-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            {balance !== undefined && <Text color="fg.muted">Available: {usdtText(balance)}.</Text>}
            <Field.Root required invalid={field === 'amount' || minimumError}>
              <Field.Label>Amount (USDT)</Field.Label>
              <Input
                inputMode="decimal"
                placeholder="Enter The Amount"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              {minimumError ? (
                <Field.ErrorText>{MIN_WITHDRAW_MESSAGE}</Field.ErrorText>
              ) : (
                <Field.HelperText>{MIN_WITHDRAW_MESSAGE}</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root required invalid={field === 'address'}>
              <Field.Label>BEP20 address</Field.Label>
              <Input
                placeholder="Address Must on Binance BEP20"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </Field.Root>
            <OtpField
              value={otp}
              onChange={setOtp}
              invalid={field === 'otp'}
              send={sendOtp}
              sendLabel="Generate OTP"
            />
            {error && <FormAlert status="error">{error}</FormAlert>}
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
