/**
 * Who may call a staff route: an `admin` route, a member of the Cognito `admin` group; a `staff`
 * route (support's complaint desk), a member of `admin` or `support`; and for both, a token whose
 * sign-in used TOTP (functions/auth/second-factor.ts). One rule, applied three times: by the API's
 * staff authorizers (functions/auth/authorizer.ts), by the local gateway, and again in every
 * handler (middleware), so a mistake in one is not a hole.
 */
import type { Access } from '#api/route';
import { DomainError, forbidden, messages } from './errors';

/** The ID-token claim the pre-token-generation trigger adds to a sign-in that answered TOTP. */
export const MFA_CLAIM = 'mfa';
export const MFA_TOTP = 'totp';

/** The groups each staff access admits; the route table's `access` names one of these or a member/public route. */
export const STAFF_GROUPS = { admin: ['admin'], staff: ['admin', 'support'] } as const satisfies Partial<
  Record<Access, readonly string[]>
>;
export type StaffAccess = keyof typeof STAFF_GROUPS;

export const isStaffAccess = (access: Access): access is StaffAccess => access in STAFF_GROUPS;

/** API Gateway passes `cognito:groups` as a string ("admin" or "[admin, support]"); tokens hold an array. */
export const parseGroups = (raw: unknown): string[] => {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw === '') return [];
  return raw.split(/[\s,[\]]+/).filter(Boolean);
};

/** Null when these (verified) claims may call a route of this access, else the error to answer with. */
export const staffRefusal = (access: StaffAccess, claims: Record<string, unknown>): DomainError | null => {
  const groups = parseGroups(claims['cognito:groups']);
  if (!STAFF_GROUPS[access].some((g) => groups.includes(g))) return forbidden();
  if (claims[MFA_CLAIM] !== MFA_TOTP) return new DomainError(403, 'MFA_REQUIRED', messages.adminMfaRequired);
  return null;
};
