/** The auth domain's items: username reservations, sign-ups and verification tokens. */
import { createHash } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Side } from '#api/schemas/auth';
import {
  batchGetAll,
  db,
  isConditionFailure,
  keys,
  queryAll,
  tableName,
  ttlAfterHours,
  landed,
} from '#core/db';
import { nowIso, nowSeconds } from '#core/clock';

/** What a sign-up holds until the e-mail is verified; the member is made from it on confirmation. */
interface Reservation {
  username: string;
  email: string;
  name: string;
  phone: string;
  country: string;
  sponsor: string | null;
  side: Side | null;
  status: 'reserved' | 'member';
  memberId?: string;
}

const table = () => tableName();

export const getReservation = async (username: string): Promise<Reservation | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.username(username) }));
  if (!Item) return null;
  // TTL deletes lazily: an expired reservation is free even while it is still stored.
  if (Item.status === 'reserved' && typeof Item.ttl === 'number' && Item.ttl < nowSeconds()) return null;
  return Item as Reservation;
};

/**
 * Holds a username for a sign-up, and records it as this e-mail's sign-up (the one confirmation
 * will admit). A reservation of the same e-mail may be renewed (the person signs up again before
 * verifying); anyone else's live reservation or a member's username may not.
 */
export const reserveUsername = async (reservation: Reservation, ttlHours: number): Promise<boolean> => {
  const ttl = ttlAfterHours(nowSeconds(), ttlHours);
  const signedUpAt = nowIso();
  return landed(
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...keys.username(reservation.username), ...reservation, ttl },
              ConditionExpression:
                'attribute_not_exists(PK) OR (#status = :reserved AND (email = :email OR #ttl < :now))',
              ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
              ExpressionAttributeValues: {
                ':reserved': 'reserved',
                ':email': reservation.email,
                ':now': nowSeconds(),
              },
            },
          },
          {
            Put: {
              TableName: table(),
              // GSI2 (sparse): sign-ups waiting for their e-mail's verification, by sign-up time
              Item: {
                ...keys.signUp(reservation.email),
                username: reservation.username,
                ttl,
                signedUpAt,
                GSI2PK: PENDING_SIGNUPS,
                GSI2SK: `${signedUpAt}#${reservation.email}`,
              },
            },
          },
        ],
      }),
    ),
  );
};

const PENDING_SIGNUPS = 'SIGNUPS#PENDING';

/** A sign-up not verified (yet): what the admin's registration report lists as pending. */
export interface PendingSignUp {
  email: string;
  username: string;
  name: string;
  phone: string;
  sponsor: string | null;
  signedUpAt: string;
  expiresAt: string;
}

/** Sign-ups made between two instants whose e-mail is not verified, oldest first (expired ones too). */
export const pendingSignUps = async (from: string, to: string): Promise<PendingSignUp[]> => {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': PENDING_SIGNUPS, ':from': from, ':to': to },
  });
  const reservations = await batchGetAll(items.map((i) => keys.username(String(i.username))));
  const byUsername = new Map(reservations.map((r) => [String(r.username), r as unknown as Reservation]));
  return items.map((i) => {
    const email = String(i.PK).replace(/^SIGNUP#/, '');
    const r = byUsername.get(String(i.username));
    return {
      email,
      username: String(i.username),
      name: r?.email === email ? r.name : '',
      phone: r?.email === email ? r.phone : '',
      sponsor: r?.email === email ? r.sponsor : null,
      signedUpAt: String(i.signedUpAt),
      expiresAt: new Date(Number(i.ttl) * 1000).toISOString(),
    };
  });
};

/** When each of these e-mails signed up, where it is known (sign-ups made since this was recorded). */
export const signUpTimes = async (emails: string[]): Promise<Map<string, string>> => {
  const items = await batchGetAll(emails.map((e) => keys.signUp(e)));
  return new Map(
    items
      .filter((i) => typeof i.signedUpAt === 'string')
      .map((i) => [String(i.PK).replace(/^SIGNUP#/, ''), String(i.signedUpAt)]),
  );
};

/** A sign-up as confirmation sees it: its reservation, and whether our e-mail link was followed. */
export type SignUp = Reservation & { verified: boolean };

/**
 * The reservation this e-mail's sign-up holds, when it still holds it: live and reserved by this
 * e-mail, or already turned into this e-mail's member (a repeated confirmation). Never another's.
 */
export const findSignUp = async (email: string): Promise<SignUp | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.signUp(email) }));
  if (!Item || Number(Item.ttl) < nowSeconds()) return null;
  const reservation = await getReservation(String(Item.username));
  return reservation?.email === email ? { ...reservation, verified: Boolean(Item.verifiedAt) } : null;
};

/**
 * Records that the e-mail's owner followed the verification link: only such a sign-up is admitted,
 * so no other way of confirming a Cognito account (its own code API) makes a member.
 */
export const markSignUpVerified = async (email: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.signUp(email),
      // verified: no longer pending, and kept (no TTL) as the record of when the member signed up
      UpdateExpression: 'SET verifiedAt = :now REMOVE GSI2PK, GSI2SK, #ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':now': nowSeconds() },
    }),
  );
};

export const releaseReservation = async (username: string, email: string): Promise<void> => {
  await db
    .send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.username(username),
        ConditionExpression: '#status = :reserved AND email = :email',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':reserved': 'reserved', ':email': email },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/** Tokens are stored by their hash: the table never holds a usable link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const saveVerifyToken = async (token: string, email: string, ttlHours: number): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.verifyToken(hashToken(token)), email, ttl: ttlAfterHours(nowSeconds(), ttlHours) },
    }),
  );
};

export const takeVerifyToken = async (token: string): Promise<string | null> => {
  const { Attributes } = await db.send(
    new DeleteCommand({
      TableName: table(),
      Key: keys.verifyToken(hashToken(token)),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!Attributes || Number(Attributes.ttl) < nowSeconds()) return null;
  return String(Attributes.email);
};

/** What the pre-token trigger last saw of a staff account (./second-factor.ts). */
export interface SignInState {
  staffGroups: string[];
  totp: boolean;
}

export const getSignInState = async (memberId: string): Promise<SignInState | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: table(), Key: keys.signInState(memberId), ConsistentRead: true }),
  );
  return Item ? { staffGroups: Item.staffGroups as string[], totp: Item.totp === true } : null;
};

export const putSignInState = async (memberId: string, state: SignInState) => {
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.signInState(memberId), ...state, changedAt: nowIso() },
    }),
  );
};
