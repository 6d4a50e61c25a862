/**
 * Exchange keys: a member binds a Binance or WazirX key and removes it, each with the e-mailed
 * one-time code; the key is verified with one read-only call, refused when it can withdraw (WazirX
 * cannot tell: there the member confirms it in the request), sealed (envelope encryption) and
 * stored; balances are read on demand. Secrets never leave this module in a response or a log
 * line: responses carry a 4-character hint of the API key only.
 */
import type { ExchangeCard, ExchangesView } from '#api/schemas/exchange';
import { nowIso } from '#core/clock';
import { config } from '#core/config';
import { DomainError, badRequest, messages } from '#core/errors';
import { logger } from '#core/logger';
import type { Caller } from '#core/middleware';
import * as otp from '#core/otp';
import { requireMember } from '#functions/members/service';
import { EXCHANGES, exchangeAccount, type Credentials, type ExchangeName } from './clients';
import { bindingError, errorSummary } from './errors';
import { open, seal } from './envelope';
import { callGateway, type GatewayValues } from './gateway-client';
import { tradingAccount, type TradingAccount } from './trading';
import {
  deleteExchangeKey,
  getExchangeKey,
  listExchangeKeys,
  putExchangeKey,
  saveBalances,
  type ExchangeKeyItem,
} from './store';

const context = (memberId: string, exchange: ExchangeName) => ({
  memberId,
  exchange,
  purpose: 'exchange-key',
});

const card = (exchange: ExchangeName, item: ExchangeKeyItem | null | undefined): ExchangeCard => ({
  exchange,
  connected: Boolean(item),
  keyHint: item?.keyHint,
  boundAt: item?.boundAt,
  spot: item?.spot ?? null,
  futures: item?.futures ?? null,
  hasFutures: exchange === 'binance',
  balancesAt: item?.balancesAt,
  balanceError: item?.balanceError ?? false,
});

export const getExchanges = async (memberId: string): Promise<ExchangesView> => {
  const items = await listExchangeKeys(memberId);
  return {
    whitelistIp: config.exchange.whitelistIps.join(' '),
    whitelistIps: [...config.exchange.whitelistIps],
    exchanges: EXCHANGES.map((exchange) =>
      card(
        exchange,
        items.find((i) => i.exchange === exchange),
      ),
    ),
  };
};

/** Mails the one-time code that binding or removing a key needs. */
export const requestBindingCode = async (caller: Caller) => {
  const { email } = await requireMember(caller.memberId);
  await otp.issue('exchange', caller.memberId, email);
  return { message: messages.otpSent };
};

export const bindKey = async (
  caller: Caller,
  exchange: ExchangeName,
  input: { apikey: string; apisecret: string; otp: string },
) => {
  await otp.requireCode('exchange', caller.memberId, input.otp);
  const credentials: Credentials = { apiKey: input.apikey, secret: input.apisecret };
  let permissions: GatewayValues['permissions'];
  try {
    // the gateway words a key the exchange refused (a DomainError, thrown on as it is)
    permissions = await callGateway({ op: 'permissions', memberId: caller.memberId, exchange, credentials });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger.info('exchange key check failed', {
      exchange,
      memberId: caller.memberId,
      error: (error as Error).name,
    });
    throw new DomainError(502, 'EXCHANGE_UNKNOWN_ERROR', messages.exchangeUnknownError);
  }
  if (permissions.canWithdraw)
    throw badRequest('EXCHANGE_WITHDRAW_ENABLED', messages.exchangeWithdrawEnabled, 'apikey');
  // In AWS our calls leave from fixed IPs (config): a key open to any IP is refused there.
  if (config.exchange.requireIpRestrict && permissions.ipRestricted === false)
    throw badRequest('EXCHANGE_IP_UNRESTRICTED', messages.exchangeIpUnrestricted, 'apikey');

  const item = await storeKey(caller.memberId, exchange, credentials);
  logger.info('exchange key bound', { exchange, memberId: caller.memberId });
  return { message: messages.exchangeKeyBound, exchange: card(exchange, item) };
};

/**
 * Seals a verified key and stores it (bindKey, after its checks; bench/tick, for members it makes
 * in bulk on the paper exchange).
 */
export const storeKey = async (
  memberId: string,
  exchange: ExchangeName,
  credentials: Credentials,
): Promise<ExchangeKeyItem> => {
  const item: ExchangeKeyItem = {
    memberId,
    exchange,
    keyHint: credentials.apiKey.slice(-4),
    sealed: await seal(JSON.stringify(credentials), context(memberId, exchange)),
    boundAt: nowIso(),
  };
  await putExchangeKey(item);
  return item;
};

export const removeKey = async (memberId: string, exchange: ExchangeName, code: string) => {
  await otp.requireCode('exchange', memberId, code);
  if (!(await deleteExchangeKey(memberId, exchange)))
    throw badRequest('EXCHANGE_NOT_CONNECTED', messages.exchangeNotConnected, 'exchange');
  return { message: messages.exchangeKeyRemoved };
};

/** Reads the key's USDT balances from the exchange and keeps them on the card. */
export const refreshBalances = async (memberId: string, exchange: ExchangeName) => {
  const item = await getExchangeKey(memberId, exchange);
  if (!item) throw badRequest('EXCHANGE_NOT_CONNECTED', messages.exchangeNotConnected, 'exchange');
  try {
    const balances = await callGateway({ op: 'balances', memberId, exchange });
    const saved = await saveBalances(memberId, exchange, item.boundAt, { ...balances, at: nowIso() });
    return card(exchange, saved ?? { ...item, ...balances });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger.info('balance refresh failed', { exchange, memberId, error: (error as Error).name });
    await saveBalances(memberId, exchange, item.boundAt, { error: true, at: nowIso() });
    throw badRequest('API_KEY_NOT_ADDED', messages.apiKeyNotAdded, 'exchange');
  }
};

export { errorSummary, exchangeCode, exchangeWords, tradingFault, type TradingFault } from './errors';
export type { GatewayAnswer, GatewayCall, GatewayValues } from './gateway-client';
export { binanceClientSettings, pointAt, type Credentials } from './clients';
export {
  fetchCandles,
  heardOrderState,
  intervalMs,
  marketOrderRules,
  sharedMarkets,
  type OrderRules,
  UnknownOrder,
  type HeardFill,
  type HeardTrade,
  type Kline,
  type OrderState,
  type PlaceOrder,
  type TradingAccount,
} from './trading';

/**
 * The member's Binance account for the bots' executor and deploy checks (the key opened here and
 * nowhere else); null when no Binance key is bound.
 */
export const memberTradingAccount = async (
  memberId: string,
  market: 'spot' | 'futures',
): Promise<TradingAccount | null> => {
  const credentials = await storedCredentials(memberId, 'binance');
  return credentials ? tradingAccount(credentials, market) : null;
};

/**
 * What identifies the member's bound key without opening it (its sealed ciphertext: a new binding
 * seals anew); null when none is bound.
 */
export const sealedKey = async (memberId: string, exchange: ExchangeName): Promise<string | null> =>
  (await getExchangeKey(memberId, exchange))?.sealed.ciphertext ?? null;

/** The member's stored key, opened (for the calls made from the egress IPs); null when none is bound. */
export const storedCredentials = async (
  memberId: string,
  exchange: ExchangeName,
): Promise<Credentials | null> => {
  const item = await getExchangeKey(memberId, exchange);
  return item ? (JSON.parse(await open(item.sealed, context(memberId, exchange))) as Credentials) : null;
};

/**
 * The exchange gateway's check of a key before it is stored (ccxt: never called in the API): its
 * permissions, or the refusal worded for the member.
 */
export const keyPermissions = async (memberId: string, exchange: ExchangeName, credentials: Credentials) => {
  try {
    return await exchangeAccount(exchange, credentials).permissions();
  } catch (error) {
    logger.info('exchange key refused', { exchange, memberId, ...errorSummary(error) });
    throw bindingError(error);
  }
};

/** The exchange gateway's read of a stored key's USDT balances (ccxt: never called in the API). */
export const storedKeyBalances = async (memberId: string, exchange: ExchangeName) => {
  const credentials = await storedCredentials(memberId, exchange);
  if (!credentials) throw badRequest('EXCHANGE_NOT_CONNECTED', messages.exchangeNotConnected, 'exchange');
  return exchangeAccount(exchange, credentials).balances();
};

/**
 * For the bots' deploy check, from the API: the free quote balance of the member's Binance market
 * (null when no Binance key is bound), read by the exchange gateway.
 */
export const freeQuoteOf = (memberId: string, market: 'spot' | 'futures', quote: string) =>
  callGateway({ op: 'freeQuote', memberId, market, quote });

/** For the bots' deploy check, from the API: a symbol's smallest order (the exchange's market filters). */
export const orderRulesOf = (market: 'spot' | 'futures', symbol: string) =>
  callGateway({ op: 'orderRules', market, symbol });

/** For the bots' undeploy, from the API: the exchange gateway closes a stopping bot out. */
export const closeOutOnExchange = (deploymentId: string) => callGateway({ op: 'stop', deploymentId });

/** For the bots' pause, from the API: the exchange gateway holds a paused bot (resting orders cancelled). */
export const holdOnExchange = (deploymentId: string) => callGateway({ op: 'hold', deploymentId });
