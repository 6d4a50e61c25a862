import { Button, Field, HStack, Input } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { FormAlert } from './FormAlert';

/**
 * The e-mailed one-time code: a 6-digit field labelled 'OTP' beside a 'Send code' button ('Send
 * again' once sent), then the server's 'OTP sent' message or the sending error. The parent owns the
 * code and the mutation that mails it (each action has its own code route), and says when the code
 * was refused (`invalid`). `sendLabel` names the button for good (the withdrawal's spec calls it
 * 'Generate OTP').
 *
 * Not TotpCodeField: that one is the authenticator app's code, which nothing sends and whose
 * completeness the field itself reports; this one is mailed on request and the server judges it.
 */
export function OtpField({
  value,
  onChange,
  invalid,
  send,
  sendLabel,
}: {
  value: string;
  onChange: (code: string) => void;
  invalid: boolean;
  send: UseMutationResult<{ message: string }, Error, void>;
  sendLabel?: string;
}) {
  return (
    <>
      <Field.Root required invalid={invalid}>
        <Field.Label>OTP</Field.Label>
        <HStack w="full">
          <Input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={value}
            onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
            placeholder="6-digit code"
          />
          <Button
            type="button"
            variant="outline"
            flexShrink={0}
            loading={send.isPending}
            onClick={() => send.mutate()}
          >
            {sendLabel ?? (send.isSuccess ? 'Send again' : 'Send code')}
          </Button>
        </HStack>
        <Field.HelperText>We e-mail you a code, valid for 10 minutes.</Field.HelperText>
      </Field.Root>
      {send.isSuccess && <FormAlert status="info">{send.data.message}</FormAlert>}
      {send.isError && <FormAlert status="error">{errorMessage(send.error)}</FormAlert>}
    </>
  );
}
