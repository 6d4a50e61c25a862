/** The auth domain's items: members, username reservations, verification tokens, member counters. */
import { createHash } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Side } from '#api/schemas/auth';
import { db, isConditionFailure, keys, tableName, ttlAfterHours } from '#core/db';
import { badRequest } from '#core/errors';
import { nowSeconds } from '#core/clock';
import { nationalNumberOf } from './phone';

/** The member item: spec section 3 "User". Plan and bot fields are owned by later domains. */
export interface MemberItem {
  id: string;
  email: string;
  name: string;
  username: string;
  phone: string;
  country: string;
  rank: number;
  sponsor: string | null;
  sponsorId: string | null;
  side: Side | null;
  registeredAt: string;
  isActive: boolean;
  isSilver: boolean;
  isGold: boolean;
  activatedAt: string | null;
  expiresAt: string | null;
  wallet: number;
  wallet1: number;
  fuelwallet: number;
  bots: Record<string, boolean>;
  /** A bot an admin granted beyond the plan (admin profile edit); absent when none. */
  grantedBot?: string | null;
}

/** What a sign-up holds until the e-mail is verified; the member is made from it on confirmation. */
export interface Reservation {
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

export const getMember = async (memberId: string): Promise<MemberItem | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.member(memberId) }));
  return (Item as MemberItem | undefined) ?? null;
};

/** The caller's member item: the source of their e-mail and name in every record. */
export const requireMember = async (memberId: string): Promise<MemberItem> => {
  const member = await getMember(memberId);
  if (!member) throw badRequest('NO_MEMBER', 'Your account is still being set up. Try again in a moment.');
  return member;
};

export const findMemberByEmail = async (email: string): Promise<MemberItem | null> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': keys.memberByEmail(email).GSI1PK, ':sk': 'MEMBER' },
    }),
  );
  return (Items?.[0] as MemberItem | undefined) ?? null;
};

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
  try {
    await db.send(
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
              Item: { ...keys.signUp(reservation.email), username: reservation.username, ttl },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
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
      UpdateExpression: 'SET verifiedAt = :now',
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

/** The member's mobile-number lookup item (admin profile search), when the number parses. */
const phoneLookup = (member: MemberItem) => {
  const national = nationalNumberOf(member.phone);
  if (!national) return [];
  return [
    {
      Put: {
        TableName: table(),
        Item: {
          ...keys.memberByPhone(national, member.phone, member.id),
          memberId: member.id,
          phone: member.phone,
        },
      },
    },
  ];
};

/**
 * Creates the member, turns the reservation into the member's username, writes the phone lookup
 * and counts the registration, all or nothing. False when the member already exists (a repeated
 * trigger) or the username is no longer this e-mail's.
 */
export const createMember = async (member: MemberItem): Promise<boolean> => {
  const day = member.registeredAt.slice(0, 10);
  const month = member.registeredAt.slice(0, 7);
  const count = (name: string) => ({
    Update: {
      TableName: table(),
      Key: keys.counter(name),
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': 1 },
    },
  });
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.member(member.id),
                ...keys.memberByEmail(member.email),
                ...keys.memberByRegistration(member.registeredAt, member.id),
                ...member,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: table(),
              Item: {
                ...keys.username(member.username),
                username: member.username,
                email: member.email,
                status: 'member',
                memberId: member.id,
              },
              // The username is this e-mail's to take: free, or reserved by this same e-mail.
              ConditionExpression: 'attribute_not_exists(PK) OR (#status = :reserved AND email = :email)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':reserved': 'reserved', ':email': member.email },
            },
          },
          ...phoneLookup(member),
          count('members'),
          count(`members#day#${day}`),
          count(`members#month#${month}`),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export const readCounter = async (name: string): Promise<number> => {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.counter(name) }));
  return Number(Item?.n ?? 0);
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
