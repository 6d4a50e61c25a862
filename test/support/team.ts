/** Referral-network helpers of the integration and e2e tests: tree nodes, joining members, polling. */
import { GetCommand, type GetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { call, logIn, mailedToken, stack, table, uniqueMember } from './api';

export type Side = 'Left' | 'Right';

/**
 * Polls `read` every 100 ms until it gives a truthy value and returns that value; throws after `ms`.
 * expect.poll is for inside tests; this also runs in beforeAll.
 */
export const until = async <T>(read: () => Promise<T | undefined>, ms = 20_000): Promise<T> => {
  for (const end = Date.now() + ms; ;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The member's tree node (`MEMBER#<id> / TREE`), read consistently; undefined until placed. */
export const node = async <T = NonNullable<GetCommandOutput['Item']>>(id: string) =>
  (
    await table().send(
      new GetCommand({
        TableName: stack().tableName,
        Key: { PK: `MEMBER#${id}`, SK: 'TREE' },
        ConsistentRead: true,
      }),
    )
  ).Item as T | undefined;

/** Waits until the member's tree node exists (placement runs off the request path) and returns it. */
export const placed = (id: string) => until(() => node(id));

/**
 * A fresh member (uniqueMember, with `fields` over it) signed up under `sponsor` on `side` (the root's
 * Left leg by default) through the API, verified by the mailed link and logged in; with its profile id
 * and ID token. Does not wait for the tree (see `join`).
 */
export const register = async (
  sponsor = stack().admin.username,
  side: Side = 'Left',
  fields: { mobile?: string; name?: string } = {},
) => {
  const member = { ...uniqueMember(sponsor), side, ...fields };
  const signUp = await call('signUp', member);
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const verified = await call('verifyEmail', { token: (await mailedToken(member.email, '/verify'))! });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const idToken = await logIn(member.email, member.password);
  const profile = await call('getProfile', {}, idToken);
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return { ...member, id: String(profile.body.id), idToken };
};

/** As `register`, and waits until the member is placed in the tree. */
export const join = async (sponsor = stack().admin.username, side: Side = 'Left') => {
  const member = await register(sponsor, side);
  await placed(member.id);
  return member;
};
