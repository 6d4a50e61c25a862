import { DEFAULT_MAX_DRAWDOWN_PCT } from '../risk/limits';
import type { Market } from '../types';

/**
 * Costs and rules of one simulated account. Money here is a float (this is a simulation, not the
 * ledger: the ledger keeps integer micro-USDT); all rates are fractions (0.001 = 0.1 %).
 */
export interface BacktestConfig {
  readonly market: Market;
  /** Starting quote balance (USDT). */
  readonly capital: number;
  /** Fee on limit fills. */
  readonly makerFee: number;
  /** Fee on market and stop fills. */
  readonly takerFee: number;
  /** Adverse price move applied to market and stop fills (limit fills get their price). */
  readonly slippage: number;
  /** Futures funding per 8 hours, paid by longs to shorts at 00:00, 08:00 and 16:00 UTC. */
  readonly fundingRate: number;
  /** Maintenance margin rate used for the isolated-margin liquidation price. */
  readonly maintenanceMarginRate: number;
  /** Kill switch: halt and close once equity is this many percent below its high-water mark. */
  readonly maxDrawdownPct: number;
}

/** Binance spot VIP 0 fees; 0.05 % slippage on taker fills. */
const SPOT_DEFAULTS: Omit<BacktestConfig, 'capital'> = {
  market: 'spot',
  makerFee: 0.001,
  takerFee: 0.001,
  slippage: 0.0005,
  fundingRate: 0,
  maintenanceMarginRate: 0,
  maxDrawdownPct: DEFAULT_MAX_DRAWDOWN_PCT,
};

/**
 * Binance USD-M futures VIP 0 fees and the BTCUSDT first-tier maintenance margin (0.4 %). The
 * shipped data has no funding history, so funding is the long-run typical +0.01 % per 8 hours.
 */
const FUTURES_DEFAULTS: Omit<BacktestConfig, 'capital'> = {
  market: 'futures',
  makerFee: 0.0002,
  takerFee: 0.0005,
  slippage: 0.0005,
  fundingRate: 0.0001,
  maintenanceMarginRate: 0.004,
  maxDrawdownPct: DEFAULT_MAX_DRAWDOWN_PCT,
};

export function defaultConfig(market: Market, capital: number): BacktestConfig {
  return { ...(market === 'spot' ? SPOT_DEFAULTS : FUTURES_DEFAULTS), capital };
}

export const FUNDING_PERIOD_MS = 8 * 3_600_000;
