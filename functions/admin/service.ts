/**
 * The admin domain as other domains use it: only the audit log, so that an admin action taken
 * elsewhere (a complaint closed by support) is recorded with the rest. Kept light on purpose: a
 * domain importing this does not bundle the back office's reports.
 */
export { audit } from './audit';
