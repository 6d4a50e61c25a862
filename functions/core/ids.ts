import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulidx';
import { now } from './clock';

const nextUlid = monotonicFactory();

/** Sortable ids (ULID): newest-first listings are a reverse key scan. */
export const newId = (): string => nextUlid(now().getTime());

/** An unguessable single-use token for mailed links (256 bits, URL-safe). */
export const newToken = (): string => randomBytes(32).toString('base64url');
