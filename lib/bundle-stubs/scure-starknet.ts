/**
 * Stands in for `@scure/starknet` in the Lambda bundles (lib/functions.ts `esbuildArgs`): ccxt's
 * base class imports it for the StarkNet exchanges (Paradex and the like); the functions use
 * Binance's classes only, which never sign with it. Left out, the exchange functions load ~45 KB
 * less and skip its curve set-up at import (issue 16).
 * These are the names ccxt imports; another one in a later ccxt fails the synth, not a function.
 */
const absent = (): never => {
  throw new Error("'@scure/starknet' is not in the Lambda bundles (lib/bundle-stubs/scure-starknet.ts)");
};

export const getStarkKey = absent;
export const ethSigToPrivate = absent;
export const sign = absent;
export const pedersen = absent;
export const keccak = absent;
export const poseidonHashMany = absent;
