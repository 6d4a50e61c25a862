/**
 * cognito-local, assembled in-process the way its own createDefaultServer does, with two
 * stand-ins for what Cognito does outside the user pool:
 * - Lambda: triggers are "invoked" by calling the same trigger handlers the CDK stack deploys,
 *   with Lambda's result and error shape (an error becomes UserLambdaValidationException).
 * - Mail: the messages Cognito would send (the password reset, shaped by our custom-message
 *   trigger) land in the local mail outbox.
 */
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Mailer } from '#core/mail';

const require = createRequire(import.meta.url);
const services = require('cognito-local/lib/services');
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService');
const { CryptoService } = require('cognito-local/lib/services/crypto');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb');
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery');
const { otp } = require('cognito-local/lib/services/otp');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const {
  UserPoolServiceFactoryImpl,
  UserPoolServiceImpl,
} = require('cognito-local/lib/services/userPoolService');
const { Router } = require('cognito-local/lib/server/Router');
const { UserNotFoundError } = require('cognito-local/lib/errors');
const { createServer } = require('cognito-local/lib/server/server');
const pino = require('pino');

export type TriggerHandler = (event: unknown) => Promise<unknown>;

/** Lambda's Invoke, as the aws-sdk v2 client that cognito-local calls it. */
const inProcessLambda = (handlers: Record<string, TriggerHandler>) => ({
  invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
    promise: async () => {
      const handler = handlers[FunctionName];
      if (!handler)
        return {
          StatusCode: 404,
          FunctionError: 'Unhandled',
          Payload: JSON.stringify({ errorMessage: `no function ${FunctionName}` }),
        };
      try {
        const result = await handler(JSON.parse(Payload));
        return { StatusCode: 200, Payload: JSON.stringify(result) };
      } catch (error) {
        return {
          StatusCode: 200,
          FunctionError: 'Unhandled',
          Payload: JSON.stringify({ errorMessage: (error as Error).message }),
        };
      }
    },
  }),
});

interface CognitoMessage {
  emailSubject?: string;
  emailMessage?: string;
  __code?: string;
}

/** The plain-text part of an HTML mail, keeping link targets readable. */
const htmlToText = (html: string) =>
  html
    .replace(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g, '$2: $1')
    .replace(/<\/p>\s*/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .trim();

const outboxSender = (mailer: Mailer) => ({
  async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: CognitoMessage) {
    await mailer.send({
      to: destination,
      subject: message.emailSubject ?? 'Your Trendex code',
      text: htmlToText(message.emailMessage ?? `Your code is ${message.__code}`),
      html: message.emailMessage,
    });
  },
  async sendSms() {
    // Trendex sends no SMS.
  },
});

/** A cognito-local route: the handler of one `X-Amz-Target`. */
type Route = (target: string) => (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>;

/*
 * cognito-local keeps a sign-in's refresh token by saving the account as it read it before the
 * pre-token trigger ran, which would bring back the refresh tokens the trigger had just revoked
 * (functions/auth/second-factor.ts): it is kept on the account as it is now.
 */
const keepRefreshToken = UserPoolServiceImpl.prototype.storeRefreshToken;
UserPoolServiceImpl.prototype.storeRefreshToken = async function (
  this: LocalUserPool,
  ctx: unknown,
  token: string,
  user: { Username: string },
) {
  const now = await this.getUserByUsername(ctx, user.Username);
  return keepRefreshToken.call(this, ctx, token, now ?? user);
};

/** The parts of cognito-local's user-pool service these additions use. */
interface LocalUserPools {
  getUserPool(ctx: unknown, userPoolId: string): Promise<LocalUserPool>;
  getUserPoolForClientId(ctx: unknown, clientId: string): Promise<LocalUserPool>;
}
interface LocalUserPool {
  getUserByUsername(ctx: unknown, username: string): Promise<Record<string, unknown> | null>;
  saveUser(ctx: unknown, user: Record<string, unknown>): Promise<void>;
  storeRefreshToken(ctx: unknown, token: string, user: Record<string, unknown>): Promise<void>;
}

/**
 * What Cognito does and cognito-local does not, added in front of its router:
 * - Amplify v6 refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks; InitiateAuth
 *   REFRESH_TOKEN_AUTH does the same (and runs the pre-token-generation trigger, as Cognito does).
 * - A sign-in that answered a TOTP challenge gets a refresh token that works (cognito-local forgets
 *   to keep it, so it could not be refreshed).
 * - AdminUserGlobalSignOut revokes every refresh token of the account.
 */
const withCognitoGaps =
  (route: Route, pools: LocalUserPools): Route =>
  (target) => {
    if (target === 'GetTokensFromRefreshToken')
      return (ctx, req) =>
        route('InitiateAuth')(ctx, {
          ClientId: req.ClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
          ClientMetadata: req.ClientMetadata,
        });
    if (target === 'RespondToAuthChallenge')
      return async (ctx, req) => {
        const answer = (await route(target)(ctx, req)) as {
          AuthenticationResult?: { RefreshToken?: string };
        };
        const token = answer.AuthenticationResult?.RefreshToken;
        const username = (req.ChallengeResponses as Record<string, string> | undefined)?.USERNAME;
        if (token && username) {
          const pool = await pools.getUserPoolForClientId(ctx, String(req.ClientId));
          const user = await pool.getUserByUsername(ctx, username);
          if (user) await pool.storeRefreshToken(ctx, token, user);
        }
        return answer;
      };
    if (target === 'AdminUserGlobalSignOut')
      return async (ctx, req) => {
        const pool = await pools.getUserPool(ctx, String(req.UserPoolId));
        const user = await pool.getUserByUsername(ctx, String(req.Username));
        if (!user) throw new UserNotFoundError('User does not exist.');
        await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
        return {};
      };
    return route(target);
  };

/*
 * Not supervised, unlike DynamoDB Local: cognito-local is no process of its own but an HTTP server
 * in this one, its user pools kept in files under the data folder. Nothing but our stop() closes the
 * server, and cognito-local keeps an 'error' listener on it for life (a failed accept, say, is
 * swallowed while it keeps listening), so it cannot exit while `npm start` runs; if this process
 * dies, it goes with everything else.
 */
interface CognitoLocal {
  server: Server;
  endpoint: string;
}

export const startCognito = async (options: {
  port: number;
  dataDir: string;
  triggers: Record<'PreSignUp' | 'PostConfirmation' | 'CustomMessage' | 'PreTokenGeneration', TriggerHandler>;
  mailer: Mailer;
}): Promise<CognitoLocal> => {
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const ctx = { logger };
  const endpoint = `http://localhost:${options.port}`;
  const config = {
    TriggerFunctions: {
      PreSignUp: 'PreSignUp',
      PostConfirmation: 'PostConfirmation',
      CustomMessage: 'CustomMessage',
      PreTokenGeneration: 'PreTokenGeneration',
    },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: endpoint },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false },
  };
  const clock = new services.DateClock();
  const dataDirectory = join(options.dataDir, 'db');
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoClient = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognitoClient,
    new services.LambdaService(config.TriggerFunctions, inProcessLambda(options.triggers)),
    new CryptoService(config.KMSConfig),
  );
  const all = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new services.MessagesService(
      triggers,
      new MessageDeliveryService(outboxSender(options.mailer)),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server: Server = await createServer(
    withCognitoGaps(Router(all), cognitoClient),
    logger,
    config.ServerConfig,
    all,
  ).start();
  return { server, endpoint };
};
