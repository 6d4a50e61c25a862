/**
 * Amplify (Cognito sign-in, tokens and their refresh), configured from /config.json when first
 * imported. Its own chunk, loaded through lib/session.ts only when a session exists or starts: a
 * visitor's pages never fetch it (about 37 KB gzip).
 */
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { getConfig } from './config';

/** cognito-local of the local stack (npm start, tests): an endpoint on this machine. */
const isLocalEndpoint = (endpoint: string) => {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(endpoint).hostname);
  } catch {
    return false;
  }
};

const { userPoolId, userPoolClientId, endpoint } = getConfig().cognito;
// Amplify warns about any custom user pool endpoint at configure time; for the local stack's
// cognito-local that is expected, so its logger stays quiet during this one call only.
const quiet = !!endpoint && isLocalEndpoint(endpoint);
const level = ConsoleLogger.LOG_LEVEL;
if (quiet) ConsoleLogger.LOG_LEVEL = 'ERROR';
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
if (quiet) ConsoleLogger.LOG_LEVEL = level;

export {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
