/**
 * THE table of what each Lambda function may do, read off the code it bundles (its handler, and
 * the services, stores and ports those call). The stack grants exactly this, nothing by default:
 * a function missing here fails the synth, so every new function, and every new grant, is a
 * decision someone made in this file (and the infra tests show it).
 */
import { keys } from '../functions/core/db';

/**
 * The table: read-only; read and write; or read, and write only items whose partition key
 * matches one of these patterns (an IAM `dynamodb:LeadingKeys` condition; `*` is any text).
 */
export type TableAccess = 'read' | 'readWrite' | { writes: readonly string[] };

/** The Cognito user-pool operations our code sends. */
export type CognitoAction =
  | 'AdminConfirmSignUp'
  | 'AdminGetUser'
  | 'AdminListGroupsForUser'
  | 'AdminUserGlobalSignOut'
  | 'AdminUpdateUserAttributes'
  | 'ListUsers'
  // Cognito's public (unsigned) operations: no IAM policy can refuse them, listed because we call them.
  | 'SignUp'
  | 'ForgotPassword'
  | 'ConfirmForgotPassword';

export interface Grants {
  table?: TableAccess;
  /** Sends mail through SES (`sendMail`, `otp.issue`). */
  mail?: true;
  /** Pushes to WebSocket connections (`notify`, `pushToTopic`): drops gone ones from their lists. */
  push?: true;
  /** Cognito operations it sends, on our pool (a trigger: on any pool here, see lib/constructs/auth.ts). */
  cognito?: readonly CognitoAction[];
  /** Verifies Cognito ID tokens (the pool's public keys need no grant; the pool and client ids do). */
  verifiesTokens?: true;
  /** The complaint images bucket. */
  images?: true;
  /** Reads the payment provider's credentials (Secrets Manager). */
  paymentSecret?: true;
  /** Signs and checks paging cursors (functions/core/cursor.ts): reads the cursor key (Secrets Manager). */
  cursors?: true;
  /** KMS operations on the key that wraps members' exchange API secrets. */
  exchangeKey?: readonly ('GenerateDataKey' | 'Decrypt')[];
  /** Sends bot ticks to the FIFO order queue. */
  sendsOrders?: true;
  /** Reads (peeks at) the order queue's dead letters: the admin's API error viewer. */
  readsOrderDeadLetters?: true;
  /** Peeks at and redrives the schedules' and consumers' dead letters: the admin's Operations page. */
  redrivesDeadLetters?: true;
  /**
   * Calls members' exchanges: runs in the VPC, leaving through the NAT gateway's Elastic IPs that
   * members whitelist on their keys (lib/constructs/egress.ts), and binds only IP-restricted keys.
   */
  exchangeEgress?: true;
  /**
   * Calls members' exchanges through the exchange gateway (functions/bots/exchangeGateway.ts): may
   * invoke it, and knows the egress IPs members whitelist (shown on the Exchange page; binding
   * refuses unrestricted keys), without holding ccxt or running in the VPC itself.
   */
  invokesExchangeGateway?: true;
}

/** Partition key patterns, from the one key scheme (functions/core/db.ts). */
const pk = {
  member: keys.member('*').PK,
  username: keys.username('*').PK,
  phone: keys.phoneNumber('*'),
  counter: keys.counter('*').PK,
  placement: keys.placement('*').PK,
  ticker: keys.ticker().PK,
  connection: keys.connection('*').PK,
  memberConnections: keys.memberConnections('*'),
  topicConnections: keys.topicConnections('*'),
  ledgerAudit: keys.ledgerAudit('*').PK,
  signInState: keys.signInState('*').PK,
};

/**
 * By function: `api/<domain>` (api/routes.ts), `schedule/<rule name>` (api/schedules.ts),
 * `trigger/<export>` (functions/auth/triggers.ts), and the named ones.
 */
export const permissions: Readonly<Record<string, Grants>> = {
  // The REST API, one function per domain.
  'api/auth': {
    table: 'readWrite',
    mail: true, // verification links
    cognito: [
      'AdminGetUser',
      'AdminConfirmSignUp',
      'AdminUpdateUserAttributes',
      'SignUp',
      'ForgotPassword',
      'ConfirmForgotPassword',
    ],
  },
  'api/notifications': { table: 'readWrite', cursors: true }, // marks the feed read
  // keeps and mails contact messages; complaint images (presigned POST and GET); chat pushes
  'api/support': { table: 'readWrite', mail: true, images: true, push: true },
  'api/admin': {
    table: 'readWrite',
    cursors: true,
    push: true,
    cognito: ['ListUsers', 'AdminUpdateUserAttributes'],
    readsOrderDeadLetters: true,
    redrivesDeadLetters: true,
  },
  // mail: withdrawal codes
  'api/wallet': { table: 'readWrite', mail: true, push: true, paymentSecret: true, cursors: true },
  'api/plans': { table: 'readWrite', push: true },
  // seals a verified key (the gateway verifies it and reads balances with the stored one)
  'api/exchange': {
    table: 'readWrite',
    mail: true, // one-time codes
    exchangeKey: ['GenerateDataKey'],
    invokesExchangeGateway: true,
  },
  // Deploy checks read the member's free balance and undeploy closes the position, both through
  // the exchange gateway.
  // mail: a pause or resume is a bot event its member may have chosen to be e-mailed
  'api/bots': { table: 'readWrite', push: true, mail: true, invokesExchangeGateway: true, cursors: true },
  'api/market': { table: { writes: [pk.ticker] } }, // refreshes a stale ticker
  'api/team': { table: 'read', cursors: true },
  // The admin and staff routes' Lambda authorizers: the token alone decides.
  adminAuthorizer: { verifiesTokens: true },
  staffAuthorizer: { verifiesTokens: true },

  // The WebSocket API: keeps connections and their lists.
  realtime: {
    table: { writes: [pk.connection, pk.memberConnections, pk.topicConnections] },
    verifiesTokens: true,
  },

  // Cognito triggers. preSignUp only checks the reservation and the sponsor. postConfirmation makes
  // the member (profile, username, phone lookup, counters, the welcome note) and queues its
  // placement; its welcome push finds no connection (no one signs in before confirmation).
  // customMessage only words the reset mail, which Cognito sends. preTokenGeneration reads the
  // account's MFA settings and groups, and on a change revokes its refresh tokens and keeps the new
  // state (functions/auth/second-factor.ts).
  'trigger/preSignUp': { table: 'read' },
  'trigger/postConfirmation': {
    table: { writes: [pk.member, pk.username, pk.phone, pk.counter, pk.placement] },
  },
  'trigger/customMessage': {},
  'trigger/preTokenGeneration': {
    table: { writes: [pk.signInState] },
    cognito: ['AdminGetUser', 'AdminListGroupsForUser', 'AdminUserGlobalSignOut'],
  },

  // Schedules, by rule name.
  'schedule/botTick': { table: 'read', sendsOrders: true, exchangeEgress: true },
  'schedule/marketTicker': { table: { writes: [pk.ticker, pk.topicConnections] }, push: true },
  // The payout in one function, where the state machine's steps are absent (lib/trendex-stack.ts).
  'schedule/referralPayout': { table: 'readWrite' },
  // The daily payout's state machine (lib/constructs/payout.ts): plans the shards, pays one.
  'payout/plan': { table: 'readWrite' },
  'payout/shard': { table: 'readWrite' },
  // the team consumer's own drain, run by the clock (placements, counts, activations)
  'schedule/teamSweep': { table: 'readWrite' },
  'schedule/planExpiry': { table: 'readWrite', push: true },
  'schedule/depositReconciliation': { table: 'readWrite', push: true, paymentSecret: true },
  'schedule/withdrawalSweep': { table: 'readWrite', push: true, paymentSecret: true },
  // reads the whole table's ledger, withdrawals and invoices; writes only its own results
  'schedule/ledgerAudit': { table: { writes: [pk.ledgerAudit] } },
  // takes each due digest off its bot's e-mail window and mails it
  'schedule/botEmailDigests': { table: 'readWrite', mail: true },

  // Background work.
  teamConsumer: { table: 'readWrite' }, // placements, points, direct bonuses (the stream read comes with its trigger)
  // Places members' orders; pushes each recorded fill (and a killed bot's notification).
  // Mails the bot events its member chose (functions/notifications/bot-events.ts).
  orderExecutor: {
    table: 'readWrite',
    push: true,
    mail: true,
    exchangeKey: ['Decrypt'],
    exchangeEgress: true,
  },
  // The user stream service (functions/streams, ECS Fargate tasks, not a function; in the egress
  // VPC by its construct): opens the keys of members with running bots and records each streamed
  // fill as the executor does.
  userStreams: {
    table: 'readWrite',
    push: true,
    mail: true,
    exchangeKey: ['Decrypt'],
  },
  // The API's calls of members' exchanges: verifies a key, reads balances with the stored one,
  // closes a stopping bot out (its fills recorded and pushed, the deployment marked).
  exchangeGateway: {
    table: 'readWrite',
    push: true,
    mail: true, // a closed-out bot's event e-mail
    exchangeKey: ['Decrypt'],
    exchangeEgress: true,
  },
};

/** A function's grants; a function with no entry is a synth error, never a default. */
export const grantsOf = (table: Readonly<Record<string, Grants>>, name: string): Grants => {
  const grants = table[name];
  if (!grants)
    throw new Error(`Function '${name}' has no entry in lib/permissions.ts: give it its grants on purpose.`);
  return grants;
};
