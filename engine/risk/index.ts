export { KillSwitch, exitPriceForEquity } from './kill-switch';
export { RiskGuard, type GuardSettings, type KillEvent } from './guard';
export { riskScale, riskSizedQuantity } from './sizing';
export { DEFAULT_MAX_DRAWDOWN_PCT } from './limits';
