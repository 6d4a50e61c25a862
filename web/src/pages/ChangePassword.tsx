import { Button, Field, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { PasswordChecklist, passwordPasses } from '../components/PasswordChecklist';
import { PasswordInput } from '../components/PasswordInput';
import { callApi, errorMessage } from '../lib/api';
import { LOGIN_FAILED_MESSAGE } from '../lib/auth';

export default function ChangePassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (pw: string) => callApi('resetPassword', { token, password: pw }),
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    reset.reset();
    // The spec's wording for a weak or mismatched new password.
    if (!passwordPasses(password) || password !== confirm) {
      setLocalError(LOGIN_FAILED_MESSAGE);
      return;
    }
    setLocalError(null);
    reset.mutate(password);
  };

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

  const mismatch = confirm.length > 0 && confirm !== password;

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your Trendex account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              autoComplete="new-password"
              aria-describedby="new-password-rules"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordChecklist id="new-password-rules" password={password} />
          </Field.Root>
          <Field.Root required invalid={mismatch}>
            <Field.Label>Confirm Password</Field.Label>
            <PasswordInput
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Field.ErrorText>The two passwords do not match yet.</Field.ErrorText>
          </Field.Root>
          {localError && <FormAlert status="error">{localError}</FormAlert>}
          {reset.isError && <FormAlert status="error">{errorMessage(reset.error)}</FormAlert>}
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
    </AuthCard>
  );
}
