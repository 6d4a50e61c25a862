import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi, errorMessage } from '../lib/api';
import { AppDialog, DialogDismiss } from './AppDialog';
import { FormAlert } from './FormAlert';

/** What each mailing says: the same words wherever the dialog opens (log-in, verify, change password). */
const WORDING = {
  requestPasswordReset: {
    title: 'Reset Password',
    description: 'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  },
  resendVerification: {
    title: 'Resend Verify E-mail',
    description: 'Enter the e-mail address you signed up with. We will send a new verification link.',
  },
} as const;

/**
 * A small dialog that mails a link to an address: 'Reset Password' (requestPasswordReset) or
 * 'Resend Verify E-mail' (resendVerification). Shows the server's message, then closes after 2 s.
 */
export function EmailActionDialog({
  op,
  open,
  onOpenChange,
  initialEmail = '',
}: {
  op: keyof typeof WORDING;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
}) {
  const { title, description } = WORDING[op];
  const [email, setEmail] = useState(initialEmail);
  const timer = useRef<number | undefined>(undefined);
  const mutation = useMutation({ mutationFn: (address: string) => callApi(op, { email: address }) });
  const { reset } = mutation;

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      reset();
    }
    return () => window.clearTimeout(timer.current);
  }, [open, initialEmail, reset]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    mutation.mutate(email.trim(), {
      onSuccess: () => {
        timer.current = window.setTimeout(() => onOpenChange(false), 2000);
      },
    });
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      onSubmit={submit}
      footer={
        <>
          <DialogDismiss />
          <Button
            type="submit"
            colorPalette="brand"
            loading={mutation.isPending}
            disabled={!email.trim() || mutation.isSuccess}
          >
            Send Link
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
        <Field.Root required invalid={mutation.isError}>
          <Field.Label>E-mail</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        </Field.Root>
        {mutation.isSuccess && <FormAlert status="success">{mutation.data.message}</FormAlert>}
        {mutation.isError && <FormAlert status="error">{errorMessage(mutation.error)}</FormAlert>}
      </Stack>
    </AppDialog>
  );
}
