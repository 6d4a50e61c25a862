/**
 * The admin domain's items (its daily credit totals) and the writes an admin's edit makes to other
 * domains' items, all by key: members by sponsor (the sponsor's REFERRAL# rows), and the copies of
 * a member's name and e-mail that an edit or an e-mail transfer must change together (member item,
 * username item, tree node, placement, the sponsor's referral row).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '#core/clock';
import { db, keys, queryPage, tableName, type TransactItem } from '#core/db';
import type { Micro } from '#api/money';
import { idPageOf, type IdPage, type MemberItem } from '#functions/members/service';
import type { NodeItem, PlacementItem } from '#functions/team/service';

export const referredMemberIds = async (sponsorId: string, limit: number, cursor?: string): Promise<IdPage> =>
  idPageOf(
    await queryPage(
      {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.treeNode(sponsorId).PK,
          ':prefix': keys.directReferralsPrefix,
        },
      },
      limit,
      cursor,
    ),
  );

/** Where the copies of a member's name and e-mail live outside the member item. */
export interface MemberCopies {
  node: NodeItem | null;
  placement: PlacementItem | null;
}

/**
 * Updates that set `values` on every copy of the member, each under a condition that the copy is
 * still what was read (the placement in the same state, the node and referral row existing), so a
 * placement that moves on meanwhile fails the transaction and the caller reads again.
 */
const copyUpdates = (
  member: MemberItem,
  copies: MemberCopies,
  values: Record<string, string>,
): TransactItem[] => {
  const names = Object.fromEntries(Object.keys(values).map((k) => [`#${k}`, k]));
  const setValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v]));
  const set = `SET ${Object.keys(values)
    .map((k) => `#${k} = :${k}`)
    .join(', ')}`;
  const update = (Key: Record<string, string>): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: set,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: setValues,
    },
  });
  const items: TransactItem[] = [];
  const { node, placement } = copies;
  if (node) {
    items.push(update(keys.treeNode(member.id)));
    if (node.sponsorId && node.sponsorSide)
      items.push(update(keys.directReferral(node.sponsorId, node.sponsorSide, node.placedAt, member.id)));
  }
  if (placement)
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.placement(member.id),
        UpdateExpression: set,
        ConditionExpression: '#placementStatus = :placementStatus',
        ExpressionAttributeNames: { ...names, '#placementStatus': 'status' },
        ExpressionAttributeValues: { ...setValues, ':placementStatus': placement.status },
      },
    });
  return items;
};

export interface ProfileChanges {
  name?: string;
  rank?: number;
  /** null removes the grant. */
  grantedBot?: string | null;
}

/** The writes of an edit: the member item, and the name's copies when the name changes. */
export const profileEditItems = (
  member: MemberItem,
  copies: MemberCopies,
  changes: ProfileChanges,
): TransactItem[] => {
  const set: string[] = ['updatedAt = :now'];
  const remove: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':now': nowIso() };
  if (changes.name !== undefined) {
    set.push('#name = :name');
    names['#name'] = 'name';
    values[':name'] = changes.name;
  }
  if (changes.rank !== undefined) {
    set.push('#rank = :rank');
    names['#rank'] = 'rank';
    values[':rank'] = changes.rank;
  }
  if (changes.grantedBot !== undefined) {
    if (changes.grantedBot === null) remove.push('grantedBot');
    else {
      set.push('grantedBot = :bot');
      values[':bot'] = changes.grantedBot;
    }
  }
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.member(member.id),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (changes.name !== undefined && changes.name !== member.name)
    items.push(...copyUpdates(member, copies, { name: changes.name }));
  return items;
};

/**
 * The table's half of an e-mail transfer: the member item (its e-mail and its GSI1 EMAIL# key,
 * under the condition that it still holds the old address), the username item and the copies.
 */
export const emailTransferItems = (
  member: MemberItem,
  copies: MemberCopies,
  newEmail: string,
): TransactItem[] => [
  {
    Update: {
      TableName: tableName(),
      Key: keys.member(member.id),
      UpdateExpression: 'SET email = :new, GSI1PK = :gsi1pk, GSI1SK = :gsi1sk, updatedAt = :now',
      ConditionExpression: 'email = :old',
      ExpressionAttributeValues: {
        ':new': newEmail,
        ':old': member.email,
        ':gsi1pk': keys.memberByEmail(newEmail).GSI1PK,
        ':gsi1sk': keys.memberByEmail(newEmail).GSI1SK,
        ':now': nowIso(),
      },
    },
  },
  {
    Update: {
      TableName: tableName(),
      Key: keys.username(member.username),
      UpdateExpression: 'SET email = :new',
      ConditionExpression: 'memberId = :id',
      ExpressionAttributeValues: { ':new': newEmail, ':id': member.id },
    },
  },
  ...copyUpdates(member, copies, { email: newEmail }),
];

/** Micro-USDT this admin credited by hand on this UTC day. */
export const readAdminCredits = async (adminId: string, day: string): Promise<Micro> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.adminCredits(adminId, day) }),
  );
  return Number(Item?.credited ?? 0);
};

/**
 * Adds a credit to the admin's day, in the credit's own ledger transaction: refused (and so the
 * whole transaction) when it would pass the cap, however many credits race.
 */
export const adminCreditItem = (adminId: string, day: string, amount: Micro, cap: Micro): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.adminCredits(adminId, day),
    UpdateExpression: 'ADD credited :amount',
    ConditionExpression: 'attribute_not_exists(credited) OR credited <= :room',
    ExpressionAttributeValues: { ':amount': amount, ':room': cap - amount },
  },
});

export const writeAll = async (items: TransactItem[]): Promise<void> => {
  await db.send(new TransactWriteCommand({ TransactItems: items }));
};
