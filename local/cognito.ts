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
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService');
const { Router } = require('cognito-local/lib/server/Router');
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

/**
 * Amplify v6 refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks; InitiateAuth
 * REFRESH_TOKEN_AUTH does the same (and runs the pre-token-generation trigger, as Cognito does).
 */
const withRefresh =
  (route: Route): Route =>
  (target) =>
    target === 'GetTokensFromRefreshToken'
      ? (ctx, req) =>
          route('InitiateAuth')(ctx, {
            ClientId: req.ClientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
            ClientMetadata: req.ClientMetadata,
          })
      : route(target);

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
    withRefresh(Router(all)),
    logger,
    config.ServerConfig,
    all,
  ).start();
  return { server, endpoint };
};
