import { getConfig } from './config';

type AmplifyModule = typeof import('./amplify');

let loading: Promise<AmplifyModule> | undefined;
let loaded: (amplify: AmplifyModule) => void;
/** Resolves once something has loaded Amplify (a session was found, or a sign-in started). */
export const amplifyLoaded = new Promise<AmplifyModule>((resolve) => (loaded = resolve));

/** Amplify, configured; fetched on first use. */
export const loadAmplify = (): Promise<AmplifyModule> =>
  (loading ??= import('./amplify').then(
    (amplify) => {
      loaded(amplify);
      return amplify;
    },
    (error: unknown) => {
      loading = undefined; // the next call tries again
      throw error;
    },
  ));

/**
 * Whether this browser holds a Cognito session: Amplify keeps the signed-in user's name under
 * this key beside the tokens, and reads the tokens through it. Without it there is no session to
 * read, so a visitor's pages need not load Amplify to learn that they are signed out.
 */
export const hasStoredSession = (): boolean =>
  localStorage.getItem(
    `CognitoIdentityServiceProvider.${getConfig().cognito.userPoolClientId}.LastAuthUser`,
  ) !== null;
