/**
 * The member item (spec section 3 "User") and its lookups: by id, by e-mail (GSI1), by username
 * (the USERNAME# item a confirmed sign-up became), by mobile number (PHONE# items), and the
 * registration counters. Other domains read and change members only through ./service.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Side } from '#api/schemas/auth';
import type { BotEmailChoices } from '#api/schemas/notifications';
import {
  batchGetAll,
  db,
  decodeCursor,
  keys,
  queryPage,
  tableName,
  type TransactItem,
  landed,
} from '#core/db';
import { nationalNumberOf, type PhoneSearch } from './phone';

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
  /** Which bot events are also e-mailed (/profile); absent until the member chooses. */
  botEmails?: BotEmailChoices;
}

const table = () => tableName();

export const getMember = async (memberId: string): Promise<MemberItem | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.member(memberId) }));
  return (Item as MemberItem | undefined) ?? null;
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

/** The member items of these ids, in the same order; ids without a member are left out. */
export const getMembers = async (ids: string[]): Promise<MemberItem[]> => {
  const unique = [...new Set(ids)];
  const items = await batchGetAll(
    unique.map((id) => keys.member(id)),
    { consistent: true },
  );
  const byId = new Map(items.map((i) => [String(i.id), i as unknown as MemberItem]));
  return unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
};

/**
 * A page of members by registration time (oldest first), within `range` (ISO instants) when given:
 * the Balance and Registration reports.
 */
export const pageMembersByRegistration = async (
  limit: number,
  cursor?: string,
  range?: { from: string; to: string },
): Promise<{ items: MemberItem[]; cursor?: string }> => {
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: range ? 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to' : 'GSI2PK = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.membersByRegistration,
        ...(range ? { ':from': range.from, ':to': range.to } : {}),
      },
    },
    limit,
    cursor,
  );
  return { items: page.items as unknown as MemberItem[], cursor: page.cursor };
};

export const memberIdByUsername = async (username: string): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.username(username) }));
  return Item?.status === 'member' && typeof Item.memberId === 'string' ? Item.memberId : null;
};

/** A page of member ids and the cursor of the next page. */
export interface IdPage {
  ids: string[];
  cursor?: string;
}

/** The member ids of a page of lookup items (each carries `memberId`). */
export const idPageOf = (page: { items: Record<string, unknown>[]; cursor?: string }): IdPage => ({
  ids: page.items.map((i) => String(i.memberId)),
  cursor: page.cursor,
});

/**
 * Members with this mobile number: the national number's partition, or one exact E.164 number in
 * the partitions of its possible national parts, one after another (the cursor's key names the
 * partition a page stopped in).
 */
export const memberIdsByPhone = async (
  search: PhoneSearch,
  limit: number,
  cursor?: string,
): Promise<IdPage> => {
  const resumeIn = decodeCursor(cursor)?.PK;
  const partitions = search.nationalNumbers.map((n) => keys.phoneNumber(n));
  const from = resumeIn === undefined ? 0 : Math.max(0, partitions.indexOf(String(resumeIn)));
  const ids: string[] = [];
  for (let i = from; i < partitions.length && ids.length < limit; i++) {
    const page = idPageOf(
      await queryPage(
        {
          TableName: tableName(),
          KeyConditionExpression: search.e164 ? 'PK = :pk AND begins_with(SK, :e164)' : 'PK = :pk',
          ExpressionAttributeValues: {
            ':pk': partitions[i],
            ...(search.e164 ? { ':e164': `${search.e164}#` } : {}),
          },
        },
        limit - ids.length,
        i === from ? cursor : undefined,
      ),
    );
    ids.push(...page.ids);
    if (page.cursor) return { ids, cursor: page.cursor };
  }
  return { ids };
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
  return landed(
    db.send(
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
    ),
  );
};

export const readCounter = async (name: string): Promise<number> => {
  const { Item } = await db.send(new GetCommand({ TableName: table(), Key: keys.counter(name) }));
  return Number(Item?.n ?? 0);
};

/**
 * A purchase's change to the member, for the purchase's ledger transaction: exactly the attributes
 * it sets (its plan flags and dates), under `condition` (a DynamoDB condition on the stored flags,
 * with `:t` true and `:f` false, and the named `values`, e.g. the plan's end date as it was read).
 * Attributes it does not name keep whatever they hold.
 */
export const planChangeItem = (
  memberId: string,
  set: Record<string, boolean | string>,
  condition: string,
  values: Record<string, string> = {},
): TransactItem => {
  const names = Object.keys(set);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.member(memberId),
      UpdateExpression: `SET ${names.map((n, i) => `#a${i} = :v${i}`).join(', ')}`,
      ConditionExpression: `attribute_exists(PK) AND ${condition}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((n, i) => [`:v${i}`, set[n]])),
        ...(condition.includes(':t') ? { ':t': true } : {}),
        ...(condition.includes(':f') ? { ':f': false } : {}),
        ...values,
      },
    },
  };
};

/**
 * Ends one period of a member's plans: clears `flags` if `expiresAttribute` still holds
 * `expiresAt`; false when a newer purchase moved that end (or it ended already).
 */
export const expireMemberPlan = async (
  memberId: string,
  period: { expiresAttribute: string; flags: readonly string[] },
  expiresAt: string,
): Promise<boolean> => {
  return landed(
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.member(memberId),
        UpdateExpression: `SET ${period.flags.map((_, i) => `#f${i} = :f`).join(', ')}`,
        ConditionExpression: '#ex = :ex',
        ExpressionAttributeNames: {
          '#ex': period.expiresAttribute,
          ...Object.fromEntries(period.flags.map((f, i) => [`#f${i}`, f])),
        },
        ExpressionAttributeValues: { ':f': false, ':ex': expiresAt },
      }),
    ),
  );
};

/** Keeps the member's bot e-mail choices; false when there is no such member. */
export const setBotEmails = (memberId: string, botEmails: BotEmailChoices): Promise<boolean> =>
  landed(
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.member(memberId),
        UpdateExpression: 'SET botEmails = :choices',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':choices': botEmails },
      }),
    ),
  );
