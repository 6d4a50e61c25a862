import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { RuntimeConfig } from './config';
import { amplifyLoaded, hasStoredSession, loadAmplify } from './session';

export interface SessionUser {
  sub: string;
  email: string;
  name?: string;
  groups: string[];
  /** The admin role is the Cognito group 'admin' in the ID token, never an e-mail list. */
  isAdmin: boolean;
  /** The ID token says the account logs in with an authenticator code (`mfa: totp`); admin pages need it. */
  mfa: boolean;
}

type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/** Why a sign-in failed, in terms the login page can show. */
export class SignInError extends Error {
  readonly kind: 'credentials' | 'unconfirmed' | 'code' | 'other';
  constructor(kind: SignInError['kind'], message: string) {
    super(message);
    this.name = 'SignInError';
    this.kind = kind;
  }
}

const LOGIN_FAILED_MESSAGE = 'Login Credentials are not correct.';
const UNCONFIRMED_MESSAGE =
  'Your e-mail address is not verified yet. Open the link we e-mailed you, or use Resend Verify E-mail.';
const WRONG_CODE_MESSAGE =
  'The code is not correct. Enter the current 6-digit code from your authenticator app.';

/**
 * Cognito's answers to a wrong authenticator code: CodeMismatchException at sign-in, and
 * EnableSoftwareTokenMFAException when a code does not confirm a new authenticator.
 */
const isWrongCode = (error: unknown) =>
  ['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes((error as Error).name);

/** Where a sign-in stands: done, or waiting for the code of the account's authenticator app. */
type LoginResult = { step: 'done'; user: SessionUser } | { step: 'totp' };

async function readSession(forceRefresh = false): Promise<SessionUser | null> {
  if (!hasStoredSession()) return null;
  try {
    const { fetchAuthSession } = await loadAmplify();
    const session = await fetchAuthSession({ forceRefresh });
    const payload = session.tokens?.idToken?.payload;
    if (!payload) return null;
    const rawGroups = payload['cognito:groups'];
    const groups = Array.isArray(rawGroups) ? rawGroups.map(String) : [];
    return {
      sub: String(payload.sub ?? ''),
      email: String(payload.email ?? ''),
      name: typeof payload.name === 'string' ? payload.name : undefined,
      groups,
      isAdmin: groups.includes('admin'),
      mfa: payload.mfa === 'totp',
    };
  } catch {
    return null;
  }
}

/** A new authenticator to confirm: the secret for typing in, the otpauth:// URI for the QR code. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** Whether the signed-in account has TOTP turned on (Cognito's MFA setting, whatever this session's token says). */
export async function fetchTotpEnabled(): Promise<boolean> {
  const { fetchMFAPreference } = await loadAmplify();
  const preference = await fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

/** Asks Cognito for a new authenticator secret for this account; nothing changes until a code confirms it. */
export async function startTotpSetup(email: string): Promise<TotpSetup> {
  const { setUpTOTP } = await loadAmplify();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri('Trendex', email).toString() };
}

interface AuthContextValue {
  state: AuthState;
  login: (email: string, password: string) => Promise<LoginResult>;
  /** Answers the authenticator-code step of a `login` that returned `{ step: 'totp' }`. */
  confirmTotp: (code: string) => Promise<SessionUser>;
  /** Confirms the authenticator of `startTotpSetup` with its current code and turns TOTP on. */
  turnOnTotp: (code: string) => Promise<void>;
  turnOffTotp: () => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  authFlowType,
  children,
}: {
  authFlowType: RuntimeConfig['cognito']['authFlowType'];
  children: ReactNode;
}) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  const refresh = useCallback(async (forceRefresh = false) => {
    const user = await readSession(forceRefresh);
    setState(user ? { status: 'signedIn', user } : { status: 'signedOut' });
    return user;
  }, []);

  /** The session after a completed sign-in, or the error the login page shows. */
  const startedSession = useCallback(async () => {
    const user = await refresh();
    if (!user) throw new SignInError('other', 'We could not start your session. Please try again.');
    return user;
  }, [refresh]);

  useEffect(() => {
    // The session found on arrival reveals a member's page: a transition, so React renders it in
    // slices that leave the browser free (on a phone one task of a second or more otherwise). Later
    // changes (logging in and out) apply at once: the router's navigation reads them.
    void readSession().then((user) =>
      startTransition(() => setState(user ? { status: 'signedIn', user } : { status: 'signedOut' })),
    );
    // Amplify's events matter once it holds a session, so the listener waits until it is loaded
    let stop: (() => void) | undefined;
    let unmounted = false;
    void amplifyLoaded.then(({ Hub }) => {
      if (unmounted) return;
      stop = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
          setState({ status: 'signedOut' });
        } else if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') {
          void refresh();
        }
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [refresh]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { signIn, signOut } = await loadAmplify();
      const attempt = () => signIn({ username: email.trim(), password, options: { authFlowType } });
      let result;
      try {
        try {
          result = await attempt();
        } catch (error) {
          if ((error as Error).name !== 'UserAlreadyAuthenticatedException') throw error;
          await signOut();
          result = await attempt();
        }
      } catch (error) {
        const name = (error as Error).name;
        // cognito-local answers a wrong password with InvalidPasswordException, Cognito with NotAuthorizedException.
        if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name)) {
          throw new SignInError('credentials', LOGIN_FAILED_MESSAGE);
        }
        if (name === 'UserNotConfirmedException') throw new SignInError('unconfirmed', UNCONFIRMED_MESSAGE);
        if (name === 'EmptySignInUsername' || name === 'EmptySignInPassword') {
          throw new SignInError('credentials', LOGIN_FAILED_MESSAGE);
        }
        throw new SignInError(
          'other',
          (error as Error).message || 'We could not log you in right now. Please try again.',
        );
      }
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        throw new SignInError('unconfirmed', UNCONFIRMED_MESSAGE);
      }
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { step: 'totp' as const };
      if (!result.isSignedIn) {
        throw new SignInError('other', 'This account needs a step we do not support yet. Contact support.');
      }
      return { step: 'done' as const, user: await startedSession() };
    },
    [authFlowType, startedSession],
  );

  const confirmTotp = useCallback(
    async (code: string) => {
      const { confirmSignIn } = await loadAmplify();
      try {
        await confirmSignIn({ challengeResponse: code });
      } catch (error) {
        if (isWrongCode(error)) throw new SignInError('code', WRONG_CODE_MESSAGE);
        // Cognito keeps the password step's session for 3 minutes; after that the log-in starts over.
        throw new SignInError(
          'other',
          (error as Error).name === 'NotAuthorizedException'
            ? 'This log-in took too long. Start again with your e-mail and password.'
            : (error as Error).message || 'We could not log you in right now. Please try again.',
        );
      }
      return startedSession();
    },
    [startedSession],
  );

  // The session is refreshed at once so the page shows TOTP on; the refresh carries no `mfa`
  // claim (this session's sign-in asked for no code) and ends the account's other sessions, so an
  // admin logs in again with a code to reach the admin pages (docs/decisions/auth-and-security.md,
  // "The second factor is a fact of the sign-in").
  const turnOnTotp = useCallback(
    async (code: string) => {
      const { updateMFAPreference, verifyTOTPSetup } = await loadAmplify();
      try {
        await verifyTOTPSetup({ code });
      } catch (error) {
        throw isWrongCode(error) ? new Error(WRONG_CODE_MESSAGE) : error;
      }
      await updateMFAPreference({ totp: 'PREFERRED' });
      await refresh(true);
    },
    [refresh],
  );

  const turnOffTotp = useCallback(async () => {
    const { updateMFAPreference } = await loadAmplify();
    await updateMFAPreference({ totp: 'DISABLED' });
    await refresh(true);
  }, [refresh]);

  const logout = useCallback(async () => {
    try {
      const { signOut } = await loadAmplify();
      await signOut();
    } finally {
      setState({ status: 'signedOut' });
    }
  }, []);

  const value = useMemo(
    () => ({ state, login, confirmTotp, turnOnTotp, turnOffTotp, logout }),
    [state, login, confirmTotp, turnOnTotp, turnOffTotp, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The signed-in user, or null (also while the session is still being read). */
export function useSessionUser(): SessionUser | null {
  const { state } = useAuth();
  return state.status === 'signedIn' ? state.user : null;
}
