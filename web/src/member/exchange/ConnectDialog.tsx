import { Button, Field, Fieldset, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isPrivateKeyPem, type ExchangeName } from '#api/schemas/exchange';
import { AppDialog, DialogDismiss } from '../../components/AppDialog';
import { FormAlert } from '../../components/FormAlert';
import { NativeChoice } from '../../components/NativeChoice';
import { OtpField } from '../../components/OtpField';
import { callApi } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { codeRefused, useSendCode } from './mailedCode';
import { bindFailureText, EXCHANGE_NAMES } from './messages';

/**
 * How a Binance key signs: with an HMAC secret, or with an Ed25519 private key (Binance's
 * recommendation: it keeps only the public key).
 */
type KeyType = 'hmac' | 'ed25519';

/** Connects (or replaces) an exchange's API key: key, secret (or Ed25519 private key) and the mailed code. */
export function ConnectDialog({
  exchange,
  open,
  onOpenChange,
}: {
  exchange: ExchangeName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [apikey, setApikey] = useState('');
  const [apisecret, setApisecret] = useState('');
  const [keyType, setKeyType] = useState<KeyType>('hmac');
  const [otp, setOtp] = useState('');
  const [confirmedNoWithdraw, setConfirmedNoWithdraw] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // WazirX has no call that shows a key's permissions: the member vouches that it cannot withdraw.
  const needsConfirmation = exchange === 'wazirx';

  const sendCode = useSendCode();
  const bind = useMutation({
    mutationFn: () =>
      needsConfirmation
        ? callApi('bindWazirx', { apikey, apisecret, otp, confirmNoWithdraw: true })
        : callApi('bindBinance', { apikey, apisecret, otp }),
  });
  const resetSend = sendCode.reset;
  const resetBind = bind.reset;

  useEffect(() => {
    if (open) {
      setApikey('');
      setApisecret('');
      setKeyType('hmac');
      setOtp('');
      setConfirmedNoWithdraw(false);
      resetSend();
      resetBind();
    }
    return () => window.clearTimeout(timer.current);
  }, [open, resetSend, resetBind]);

  const chooseKeyType = (type: KeyType) => {
    setKeyType(type);
    setApisecret('');
  };
  // a private key pasted as the secret is an Ed25519 key: the form says so, the server checks it
  const changeSecret = (value: string) => {
    if (exchange === 'binance' && isPrivateKeyPem(value)) setKeyType('ed25519');
    setApisecret(value);
  };

  const complete =
    apikey.trim() && apisecret.trim() && otp.trim() && (!needsConfirmation || confirmedNoWithdraw);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!complete) return; // spec: no submit until every field is filled
    bind.mutate(undefined, {
      onSuccess: () => {
        resetSend();
        // the balances are read once now (and saved by the server), so the card shows them at once
        const read = callApi('refreshBalances', { exchange }).catch(() => undefined);
        timer.current = window.setTimeout(() => {
          onOpenChange(false);
          void read.then(() => queryClient.invalidateQueries({ queryKey: queryKeys.exchanges() }));
        }, 2000);
      },
    });
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Connect ${EXCHANGE_NAMES[exchange]}`}
      onSubmit={submit}
      footer={
        <>
          <DialogDismiss />
          <Button
            type="submit"
            colorPalette="brand"
            loading={bind.isPending}
            disabled={!complete || bind.isSuccess}
          >
            Connect
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Paste the API key and secret you created on {EXCHANGE_NAMES[exchange]}. We check the key with one
          read-only call before we keep it, encrypted. The secret is never shown again.
        </Text>
        {exchange === 'binance' && (
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              Key type
            </Fieldset.Legend>
            <HStack gap="6" rowGap="2" mt="2" flexWrap="wrap" role="radiogroup" aria-label="Key type">
              <NativeChoice
                type="radio"
                name="keyType"
                checked={keyType === 'hmac'}
                onChange={() => chooseKeyType('hmac')}
              >
                HMAC
              </NativeChoice>
              <NativeChoice
                type="radio"
                name="keyType"
                checked={keyType === 'ed25519'}
                onChange={() => chooseKeyType('ed25519')}
              >
                Ed25519 (recommended by Binance)
              </NativeChoice>
            </HStack>
          </Fieldset.Root>
        )}
        <Field.Root required>
          <Field.Label>API key</Field.Label>
          <Input
            name="apikey"
            autoComplete="off"
            value={apikey}
            onChange={(e) => setApikey(e.target.value)}
          />
        </Field.Root>
        {keyType === 'ed25519' ? (
          <Field.Root required>
            <Field.Label>Ed25519 private key</Field.Label>
            <Textarea
              name="apisecret"
              rows={4}
              autoComplete="off"
              spellCheck={false}
              fontFamily="mono"
              fontSize="xs"
              placeholder="-----BEGIN PRIVATE KEY-----"
              value={apisecret}
              onChange={(e) => changeSecret(e.target.value)}
            />
            <Field.HelperText>
              The whole private key file (PEM) of the key pair whose public key you registered on Binance, its
              BEGIN and END lines included.
            </Field.HelperText>
          </Field.Root>
        ) : (
          <Field.Root required>
            <Field.Label>API secret</Field.Label>
            <Input
              name="apisecret"
              type="password"
              autoComplete="off"
              value={apisecret}
              onChange={(e) => changeSecret(e.target.value)}
            />
          </Field.Root>
        )}
        {needsConfirmation && (
          <Stack gap="2">
            <FormAlert status="warning">
              WazirX does not show anyone what a key is allowed to do, so Trendex cannot check that this key
              cannot withdraw. Create it with reading and trading only, never withdrawals.
            </FormAlert>
            <NativeChoice
              type="checkbox"
              name="confirmNoWithdraw"
              checked={confirmedNoWithdraw}
              onChange={(e) => setConfirmedNoWithdraw(e.target.checked)}
            >
              I created this key without withdrawal permission.
            </NativeChoice>
          </Stack>
        )}
        <OtpField value={otp} onChange={setOtp} invalid={codeRefused(bind.error)} send={sendCode} />
        {bind.isSuccess && <FormAlert status="success">{bind.data.message}</FormAlert>}
        {bind.isError && <FormAlert status="error">{bindFailureText(bind.error)}</FormAlert>}
      </Stack>
    </AppDialog>
  );
}
