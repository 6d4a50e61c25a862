import { Button, Field, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { PasswordChecklist, passwordPasses } from '../components/PasswordChecklist';
import { PasswordInput } from '../components/PasswordInput';
import { ApiError, callApi, errorMessage } from '../lib/api';
import { EmailActionDialog } from '../components/EmailActionDialog';

export default function ChangePassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [resendOpen, setResendOpen] = useState(false);
  const reset = useMutation({
    mutationFn: (pw: string) => callApi('resetPassword', { token, password: pw }),
  });

  // Only the real reason shows, not the spec's 'Login Credentials are not correct.'
  // (docs/decisions/web-app.md, "/changepassword shows only the real reason").
  const weak = !passwordPasses(password);
  const differ = confirm !== password;
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    reset.reset();
    setSubmitted(true);
    if (weak || differ) return;
    reset.mutate(password);
  };
  const linkInvalid = reset.error instanceof ApiError && reset.error.field === 'token';

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Stack gap="4">
          <FormAlert status="error" title="This reset link is incomplete.">
            Open the link from your e-mail again, or ask for a new one from the login page (Forgot Password?).
          </FormAlert>
          <Button asChild variant="outline">
            <RouterLink to="/login">Back to login</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Reset password">
        <Stack gap="4">
          <FormAlert status="success">{reset.data.message || 'Password Updated Successfully'}</FormAlert>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/login">Continue to login</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const mismatch = (submitted || confirm.length > 0) && differ;

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your Trendex account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root required invalid={submitted && weak}>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              autoComplete="new-password"
              aria-describedby="new-password-rules"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordChecklist id="new-password-rules" password={password} />
            <Field.ErrorText>The password does not meet every rule above yet.</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={mismatch}>
            <Field.Label>Confirm Password</Field.Label>
            <PasswordInput
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Field.ErrorText>The two passwords do not match.</Field.ErrorText>
          </Field.Root>
          {reset.isError && (
            <FormAlert status="error">
              <Stack gap="2" align="flex-start">
                <Text>{errorMessage(reset.error)}</Text>
                {linkInvalid && (
                  <Button size="xs" variant="outline" onClick={() => setResendOpen(true)}>
                    Send a new reset link
                  </Button>
                )}
              </Stack>
            </FormAlert>
          )}
          <Button type="submit" colorPalette="brand" size="lg" loading={reset.isPending}>
            Update Password
          </Button>
          <Text fontSize="sm" textAlign="center" color="fg.muted">
            Remembered it?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/login">Back to login</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
      <EmailActionDialog
        op="requestPasswordReset"
        open={resendOpen}
        onOpenChange={setResendOpen}
      />
    </AuthCard>
  );
}
