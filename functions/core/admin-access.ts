/**
 * Who may call an admin route: a member of the Cognito `admin` group whose sign-in used TOTP.
 * One rule, applied three times: by the API's admin authorizer (functions/auth/authorizer.ts), by
 * the local gateway, and again in every handler (middleware), so a mistake in one is not a hole.
 */
import { DomainError, forbidden, messages } from './errors';

/** The ID-token claim the pre-token-generation trigger adds for an account with TOTP on. */
export const MFA_CLAIM = 'mfa';
export const MFA_TOTP = 'totp';

/** API Gateway passes `cognito:groups` as a string ("admin" or "[admin, support]"); tokens hold an array. */
export const parseGroups = (raw: unknown): string[] => {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw.split(/[\s,[\]]+/).filter(Boolean);
};

/** Null when these (verified) claims may call an admin route, else the error to answer with. */
export const adminRefusal = (claims: Record<string, unknown>): DomainError | null => {
  if (!parseGroups(claims['cognito:groups']).includes('admin')) return forbidden();
  if (claims[MFA_CLAIM] !== MFA_TOTP) return new DomainError(403, 'MFA_REQUIRED', messages.adminMfaRequired);
  return null;
};
