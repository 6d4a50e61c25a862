/**
 * Stands in for the `ws` package in the Lambda bundles (lib/functions.ts `esbuildArgs`): ccxt's
 * websocket client (ccxt.pro) imports it, but the functions call the exchanges' REST APIs only.
 * Left out, the exchange functions load ~45 KB less and import ~15% faster (issue 16).
 */
const absent = (): never => {
  throw new Error("The 'ws' package is not in the Lambda bundles (lib/bundle-stubs/ws.ts)");
};

export default class WebSocket {
  constructor() {
    absent();
  }
}

export const createWebSocketStream = absent;
