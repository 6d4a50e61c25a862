import { Button, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { PasswordInput } from '../components/PasswordInput';
import { isTotpCode, TotpCodeField } from '../components/TotpCodeField';
import { afterLogin } from '../layout/guards';
import { SignInError, useAuth } from '../lib/auth';
import { useHydrated } from '../lib/hydration';
import { lazyDialog } from '../lib/lazyDialog';

// Forgot Password and Resend Verify E-mail are fetched when first opened (a visitor's first load)
const EmailActionDialog = lazyDialog(() =>
  import('../components/EmailActionDialog').then((m) => m.EmailActionDialog),
);

const asSignInError = (error: unknown) =>
  error instanceof SignInError
    ? error
    : new SignInError('other', 'We could not log you in. Please try again.');

/** The second step for an account with two-factor authentication: the authenticator app's code. */
function TotpStep({ email, onStartAgain }: { email: string; onStartAgain: () => void }) {
  const { confirmTotp } = useAuth();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInError | null>(null);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setIncomplete(!isTotpCode(code));
    if (!isTotpCode(code)) return;
    setPending(true);
    try {
      // Once signed in, the login page sends the user home (the redirect at the top of Login).
      await confirmTotp(code);
    } catch (error) {
      setFailure(asSignInError(error));
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Two-factor authentication"
      subtitle={`Open your authenticator app and enter the code it shows for Trendex (${email}).`}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <TotpCodeField value={code} onChange={setCode} incomplete={incomplete} />
          {failure && <FormAlert status="error">{failure.message}</FormAlert>}
          <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText="Verifying…">
            Verify
          </Button>
          <Button variant="plain" size="sm" color="brand.fg" alignSelf="center" onClick={onStartAgain}>
            Back to e-mail and password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export default function Login() {
  const { state, login } = useAuth();
  const navigate = useNavigate();
  // the page a visitor asked for before the guard sent them here (layout/guards.tsx)
  const { state: asked } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInError | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [resendOpen, setResendOpen] = useState(false);
  // The page is prerendered: until React has hydrated it, typing would fill fields React does not
  // know of (the log-in would find them empty) and Log In would send the form to the server. The
  // fields are read-only and Log In sends nothing until then.
  const hydrated = useHydrated();

  if (state.status === 'signedIn' && !pending) {
    return <Navigate to={afterLogin(state.user.isAdmin, asked)} replace />;
  }

  if (needsCode) {
    return <TotpStep email={email.trim()} onStartAgain={() => setNeedsCode(false)} />;
  }

  const emailMissing = touched && !email.trim();
  const passwordMissing = touched && !password;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setFailure(null);
    if (!email.trim() || !password) return;
    setPending(true);
    try {
      const result = await login(email, password);
      if (result.step === 'done') {
        navigate(afterLogin(result.user.isAdmin, asked), { replace: true });
        return;
      }
      setNeedsCode(true);
      setPending(false);
    } catch (error) {
      setFailure(asSignInError(error));
      setPending(false);
    }
  };

  return (
    <AuthCard title="Log In" subtitle="Welcome back. Log in to manage your bots, wallet and team.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root required invalid={emailMissing} readOnly={!hydrated}>
            <Field.Label>E-mail</Field.Label>
            <Input
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field.ErrorText>E-mail is required.</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={passwordMissing} readOnly={!hydrated}>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field.ErrorText>Password is required.</Field.ErrorText>
          </Field.Root>

          {failure && (
            <FormAlert status={failure.kind === 'unconfirmed' ? 'warning' : 'error'}>
              <Stack gap="2" align="flex-start">
                <Text>{failure.message}</Text>
                {failure.kind === 'unconfirmed' && (
                  <Button size="xs" variant="outline" onClick={() => setResendOpen(true)}>
                    Send a new verification link
                  </Button>
                )}
              </Stack>
            </FormAlert>
          )}

          <Button
            type={hydrated ? 'submit' : 'button'}
            colorPalette="brand"
            size="lg"
            loading={pending}
            loadingText="Logging in…"
          >
            Log In
          </Button>

          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Button variant="plain" size="sm" px="0" color="brand.fg" onClick={() => setResetOpen(true)}>
              Forgot Password?
            </Button>
            <Button variant="plain" size="sm" px="0" color="brand.fg" onClick={() => setResendOpen(true)}>
              Resend Verify E-mail
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            New to Trendex?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/signup">Sign Up</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>

      <EmailActionDialog
        op="requestPasswordReset"
        open={resetOpen}
        onOpenChange={setResetOpen}
        initialEmail={email}
      />
      <EmailActionDialog
        op="resendVerification"
        open={resendOpen}
        onOpenChange={setResendOpen}
        initialEmail={email}
      />
    </AuthCard>
  );
}
