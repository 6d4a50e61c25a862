/**
 * The exchange port: what Trendex asks of a member's exchange account, over ccxt for Binance
 * (binance for spot, binanceusdm for USD-M futures) and our own client for WazirX. In the local
 * stack EXCHANGE_BINANCE_URL points ccxt at the paper exchange by rewriting the host of every
 * `urls.api` entry (paths stay /api/v3, /sapi/v1, /fapi/v1..v3); nothing else changes.
 */
// Only the two exchange classes, not ccxt's index of every exchange (7.3 MB bundled; the infra
// test 'function bundles' prints each bundle's size). ccxt's package exports only its index:
// #ccxt/* (tsconfig.json paths, read by tsc, tsx, esbuild and vitest) reaches its source files.
import binance from '#ccxt/binance.js';
import binanceusdm from '#ccxt/binanceusdm.js';
import { config } from '#core/config';
import { usdt, type Micro } from '#api/money';
import { wazirxClient } from './wazirx';

export const EXCHANGES = ['binance', 'wazirx'] as const;
export type ExchangeName = (typeof EXCHANGES)[number];

export interface Credentials {
  apiKey: string;
  secret: string;
}

export interface UsdtBalances {
  spot: Micro;
  /** null where the exchange has no futures (WazirX). */
  futures: Micro | null;
}

/** The port: one read-only verification call and the USDT balances. */
export interface ExchangeAccount {
  /**
   * The one read-only call made before a key is stored: whether the key can withdraw, and whether
   * it is restricted to trusted IPs (null where the exchange cannot tell: WazirX).
   */
  permissions(): Promise<{ canWithdraw: boolean; ipRestricted: boolean | null }>;
  balances(): Promise<UsdtBalances>;
}

export const pointAt = <T extends { urls: { api: unknown } }>(client: T): T => {
  const base = process.env.EXCHANGE_BINANCE_URL?.replace(/\/$/, '');
  if (!base) return client;
  const api = client.urls.api as Record<string, string>;
  for (const [name, url] of Object.entries(api))
    if (typeof url === 'string') api[name] = url.replace(/^https?:\/\/[^/]+/, base);
  return client;
};

/** What a ccxt Binance client of a member's key is made with (REST here, or ccxt pro's streams). */
export const binanceClientSettings = (credentials: Credentials | undefined, market: 'spot' | 'futures') => {
  const options = { fetchCurrencies: false, fetchMargins: false };
  return {
    apiKey: credentials?.apiKey,
    secret: credentials?.secret,
    timeout: config.exchange.timeoutMs,
    enableRateLimit: true,
    options: market === 'spot' ? { ...options, fetchMarkets: { types: ['spot'] } } : options,
  };
};

/** A ccxt client for a member's Binance key; the bots' executor uses the same factory. */
export const binanceClient = (credentials: Credentials | undefined, market: 'spot' | 'futures') => {
  const settings = binanceClientSettings(credentials, market);
  return market === 'spot' ? pointAt(new binance(settings)) : pointAt(new binanceusdm(settings));
};

const usdtOf = (balance: object): Micro => {
  const total = (balance as { total?: Record<string, number | undefined> }).total?.USDT;
  return usdt(Number(total ?? 0));
};

const binanceAccount = (credentials: Credentials): ExchangeAccount => ({
  async permissions() {
    const restrictions = (await binanceClient(credentials, 'spot').sapiGetAccountApiRestrictions()) as {
      enableWithdrawals?: boolean;
      ipRestrict?: boolean;
    };
    return {
      canWithdraw: restrictions.enableWithdrawals === true,
      ipRestricted: restrictions.ipRestrict === true,
    };
  },
  async balances() {
    const [spot, futures] = await Promise.all([
      binanceClient(credentials, 'spot').fetchBalance(),
      binanceClient(credentials, 'futures').fetchBalance(),
    ]);
    return { spot: usdtOf(spot), futures: usdtOf(futures) };
  },
});

const wazirxAccount = (credentials: Credentials): ExchangeAccount => ({
  // WazirX has no call that tells a key's permissions: reading the funds verifies the key, and the
  // member's confirmation that it cannot withdraw (the bind's confirmNoWithdraw) stands for the check.
  async permissions() {
    await wazirxClient(credentials).funds();
    return { canWithdraw: false, ipRestricted: null };
  },
  async balances() {
    const funds = await wazirxClient(credentials).funds();
    const row = funds.find((f) => f.asset.toLowerCase() === 'usdt');
    return { spot: row ? usdt(Number(row.free) + Number(row.locked)) : 0, futures: null };
  },
});

export const exchangeAccount = (exchange: ExchangeName, credentials: Credentials): ExchangeAccount =>
  exchange === 'binance' ? binanceAccount(credentials) : wazirxAccount(credentials);
