/** What integration tests use to talk to the local stack as a client would. */
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import {
  CognitoIdentityProviderClient,
  AdminAddUserToGroupCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routes, type OperationId, type RequestOf, type ResponseOf } from '#api/routes';
import type { OutboxEntry } from '#core/mail';
import { workerNumber } from './ports';
import { enrolTotp, totpCode } from './totp';

import type { StackInfo } from './local-stack.setup';

let ownStack: StackInfo | undefined;

/** The stack this test file talks to: its own, if it started one, else its worker's shared stack. */
export const stack = (): StackInfo => ownStack ?? inject('stacks')[workerNumber() - 1];

/**
 * For a test file that starts a stack of its own (its own clock, schedules driven by hand): every
 * helper here talks to that stack instead of the shared one.
 */
export const useOwnStack = (own: StackInfo) => {
  ownStack = own;
};

/** An error's body (any status but 2xx), as the middleware writes it. */
export interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

/**
 * The status and body of an answer: the operation's response type, or an error's fields (a test
 * checks the status to know which it holds).
 */
export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  body: T & ErrorBody;
}

/** Calls an operation by its id through the local gateway, as the web client does. */
export const call = async <Op extends OperationId>(
  op: Op,
  input: RequestOf<Op> | Record<string, unknown>,
  token?: string,
): Promise<ApiAnswer<ResponseOf<Op>>> => {
  const route = routes[op];
  const query = route.method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
  const response = await fetch(`${stack().apiUrl}${route.path}${query}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: route.method === 'GET' ? undefined : JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as ResponseOf<Op> & ErrorBody };
};

/**
 * `call` from another loopback address (127.0.0.0/8 is all this machine), so a test of a per-IP
 * limit spends its own budget, not that of every other test (they call from 127.0.0.1).
 */
export const callFrom = <Op extends OperationId>(
  localAddress: string,
  op: Op,
  input: RequestOf<Op> | Record<string, unknown>,
): Promise<ApiAnswer> => {
  const route = routes[op];
  const body = JSON.stringify(input);
  const url = new URL(`${stack().apiUrl}${route.path}`);
  url.hostname = '127.0.0.1'; // the gateway listens on IPv4 loopback; localhost may resolve to ::1
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: route.method, localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
};

export const outbox = async (to: string): Promise<OutboxEntry[]> =>
  (await fetch(`${stack().webUrl}/outbox/messages?to=${encodeURIComponent(to)}`)).json() as Promise<
    OutboxEntry[]
  >;

/** The token of the newest mailed link to `path` (e.g. /verify) for this recipient. */
export const mailedToken = async (
  to: string,
  path: '/verify' | '/changepassword',
): Promise<string | null> => {
  for (const mail of await outbox(to)) {
    const match = new RegExp(`${path}\\?token=([^\\s"<]+)`).exec(mail.text);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
};

export const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack().cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** The tokens Cognito gives a log-in: what the web app keeps as its session. */
export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Logs in as the web app does locally (USER_PASSWORD_AUTH), answering the authenticator-code
 * step with `totpSecret`'s current code when the account has TOTP on, and returns the tokens.
 */
export const logInSession = async (
  email: string,
  password: string,
  totpSecret?: string,
): Promise<SessionTokens> => {
  const started = await cognito().send(
    new InitiateAuthCommand({
      ClientId: stack().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  let result = started.AuthenticationResult;
  if (started.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error(`${email} has TOTP on: pass its secret`);
    const answered = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: stack().userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
      }),
    );
    result = answered.AuthenticationResult;
  }
  return {
    idToken: result!.IdToken!,
    accessToken: result!.AccessToken!,
    refreshToken: result!.RefreshToken!,
  };
};

/** Logs in as logInSession does and returns the ID token. */
export const logIn = async (email: string, password: string, totpSecret?: string): Promise<string> =>
  (await logInSession(email, password, totpSecret)).idToken;

/**
 * A fresh staff member of its own (a verified member put in `group` by the operator), with TOTP on
 * unless `totp` is false: for tests whose staff state (a daily cap, MFA) must be theirs alone.
 */
export const newStaff = async (group: 'admin' | 'support', totp = true) => {
  const member = await newVerifiedMember();
  await cognito().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack().userPoolId,
      Username: member.email,
      GroupName: group,
    }),
  );
  const totpSecret = totp
    ? await enrolTotp(stack().cognitoEndpoint, stack().userPoolClientId, member)
    : undefined;
  return { ...member, totpSecret, idToken: await logIn(member.email, member.password, totpSecret) };
};

export const newAdmin = (totp = true) => newStaff('admin', totp);

/** The seeded admin's ID token (password and authenticator code, as the admin signs in). */
export const logInAdmin = (): Promise<string> =>
  logIn(stack().admin.email, stack().admin.password, stack().admin.totpSecret);

export const table = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack().dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** A member's id, found by e-mail as the table indexes it (GSI1). */
export const memberIdOf = async (email: string) => {
  const { Items } = await table().send(
    new QueryCommand({
      TableName: stack().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': `EMAIL#${email}` },
    }),
  );
  return String(Items![0].id);
};

let counter = 0;
/** A fresh identity per test, so no test depends on another's data. */
export const uniqueMember = (sponsor = stack().admin.username) => {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    email: `m${n}@example.com`,
    password: 'Str0ng!Passw0rd',
    name: `Member ${n}`,
    username: `m${n}`.slice(0, 30),
    country: 'IN',
    mobile: '9876543210',
    sponsor,
    side: 'Left' as const,
    acceptTerms: true as const,
  };
};

/**
 * Signs up and verifies through the API and the mailed link, as a person does; returns the member
 * and an ID token. For the tests of sign-up, verification and log-in; the rest use newVerifiedMember.
 */
export const signUpAndVerify = async (sponsor?: string) => {
  const member = uniqueMember(sponsor);
  const signUp = await call('signUp', member);
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const token = await mailedToken(member.email, '/verify');
  const verified = await call('verifyEmail', { token: token! });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { ...member, idToken: await logIn(member.email, member.password) };
};

/**
 * A verified member, made as sign-up and confirmation leave one (local/seed/accounts.ts: the
 * reservation, the Cognito account, the member item; placed by the team consumer) without the
 * mail round trip, then logged in through Cognito; returns the member and an ID token.
 */
export const newVerifiedMember = async (sponsor?: string) => {
  const member = uniqueMember(sponsor);
  const { createVerifiedMember } = await import('#local/seed/accounts');
  await createVerifiedMember({ ...member, phone: `+91${member.mobile}` });
  return { ...member, idToken: await logIn(member.email, member.password) };
};
