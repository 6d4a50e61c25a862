import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { RuntimeConfig } from './config';

export function configureAuth(config: RuntimeConfig) {
  const { userPoolId, userPoolClientId, endpoint } = config.cognito;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

export interface SessionUser {
  sub: string;
  email: string;
  name?: string;
  groups: string[];
  /** The admin role is the Cognito group 'admin' in the ID token, never an e-mail list. */
  isAdmin: boolean;
}

export type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/** Why a sign-in failed, in terms the login page can show. */
export class SignInError extends Error {
  readonly kind: 'credentials' | 'unconfirmed' | 'other';
  constructor(kind: SignInError['kind'], message: string) {
    super(message);
    this.name = 'SignInError';
    this.kind = kind;
  }
}

export const LOGIN_FAILED_MESSAGE = 'Login Credentials are not correct.';
export const UNCONFIRMED_MESSAGE =
  'Your e-mail address is not verified yet. Open the link we e-mailed you, or use Resend Verify Email.';

async function readSession(): Promise<SessionUser | null> {
  try {
    const session = await fetchAuthSession();
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
    };
  } catch {
    return null;
  }
}

interface AuthContextValue {
  state: AuthState;
  login: (email: string, password: string) => Promise<SessionUser>;
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

  const refresh = useCallback(async () => {
    const user = await readSession();
    setState(user ? { status: 'signedIn', user } : { status: 'signedOut' });
    return user;
  }, []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
        setState({ status: 'signedOut' });
      } else if (payload.event === 'signedIn' || payload.event === 'tokenRefresh') {
        void refresh();
      }
    });
  }, [refresh]);

  const login = useCallback(
    async (email: string, password: string) => {
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
      if (!result.isSignedIn) {
        throw new SignInError('other', 'This account needs a step we do not support yet. Contact support.');
      }
      const user = await refresh();
      if (!user) throw new SignInError('other', 'We could not start your session. Please try again.');
      return user;
    },
    [authFlowType, refresh],
  );

  const logout = useCallback(async () => {
    try {
      await signOut();
    } finally {
      setState({ status: 'signedOut' });
    }
  }, []);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
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
