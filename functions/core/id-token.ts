/**
 * Verifies a Cognito ID token where no API Gateway authorizer does it for us (the WebSocket
 * $connect). AWS: the Cognito verifier. Local stack: the same checks against cognito-local's
 * issuer and JWKS (CognitoJwtVerifier refuses local pool ids).
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { userPoolClientId, userPoolId } from './cognito';

type Verify = (token: string) => Promise<JwtPayload>;
let verify: Verify | undefined;

const makeVerifier = async (): Promise<Verify> => {
  const local = process.env.COGNITO_ENDPOINT;
  if (!local) {
    const verifier = CognitoJwtVerifier.create({
      userPoolId: userPoolId(),
      clientId: userPoolClientId(),
      tokenUse: 'id',
    });
    return (token) => verifier.verify(token);
  }
  const issuer = `${local}/${userPoolId()}`;
  const verifier = JwtRsaVerifier.create({ issuer, audience: userPoolClientId(), tokenUse: 'id' });
  verifier.cacheJwks(await fetch(`${issuer}/.well-known/jwks.json`).then((r) => r.json()));
  return (token) => verifier.verify(token);
};

/** The token's claims, or null when it is missing, forged or expired. */
export const verifyIdToken = async (token: string | undefined): Promise<JwtPayload | null> => {
  if (!token) return null;
  verify ??= await makeVerifier();
  return verify(token).catch(() => null);
};
