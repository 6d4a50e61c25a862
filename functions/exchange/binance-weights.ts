/**
 * Binance's request weights: THE table, read by the fleet's weight budget (weight-budget.ts, which
 * reserves a call's weight before sending it) and by the paper exchange (local/paper-exchange,
 * which charges it as Binance does), so what the fleet reserves is what the stand-in counts. Pure:
 * no I/O, so the Lambda bundles and the local stack share it.
 */

/** Binance counts spot (/api, /sapi) and USD-M futures (/fapi) weight apart, each per IP and minute. */
export type WeightMarket = 'spot' | 'futures';

/** Binance's request-weight limits per IP and minute (until exchangeInfo says otherwise). */
export const BINANCE_WEIGHT_LIMITS: Record<WeightMarket, number> = { spot: 6000, futures: 2400 };

const futuresKlinesWeight = (limit: number) => (limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10);

/**
 * Binance's documented IP weights of the calls the platform makes and the paper exchange serves
 * ("METHOD path"); a call not listed weighs 1 (orders weigh 1 here: Binance counts them in the
 * order limits, 0 or 1 on the IP).
 */
const WEIGHTS: Record<string, (p: URLSearchParams) => number> = {
  'GET /api/v3/exchangeInfo': () => 20,
  'GET /api/v3/klines': () => 2,
  'GET /api/v3/account': () => 20,
  'GET /api/v3/order': () => 4,
  'GET /api/v3/openOrders': (p) => (p.has('symbol') ? 6 : 80),
  'GET /api/v3/allOrders': () => 20,
  'GET /api/v3/myTrades': () => 20,
  'GET /api/v3/ticker/price': (p) => (p.has('symbol') ? 2 : 4),
  'GET /api/v3/ticker/24hr': (p) => (p.has('symbol') ? 2 : p.has('symbols') ? 40 : 80),
  'GET /sapi/v1/account/apiRestrictions': () => 1,
  'GET /fapi/v1/klines': (p) => futuresKlinesWeight(Number(p.get('limit') ?? 500)),
  'GET /fapi/v1/ticker/24hr': (p) => (p.has('symbol') ? 1 : 40),
  'GET /fapi/v1/ticker/price': (p) => (p.has('symbol') ? 1 : 2),
  'GET /fapi/v1/premiumIndex': (p) => (p.has('symbol') ? 1 : 10),
  'GET /fapi/v2/account': () => 5,
  'GET /fapi/v3/account': () => 5,
  'GET /fapi/v2/balance': () => 5,
  'GET /fapi/v3/balance': () => 5,
  'GET /fapi/v2/positionRisk': () => 5,
  'GET /fapi/v3/positionRisk': () => 5,
  'GET /fapi/v1/openOrders': (p) => (p.has('symbol') ? 1 : 40),
  'GET /fapi/v1/openAlgoOrders': (p) => (p.has('symbol') ? 1 : 40),
  'GET /fapi/v1/allOrders': () => 5,
  'GET /fapi/v1/allAlgoOrders': () => 5,
  'GET /fapi/v1/userTrades': () => 5,
  'GET /fapi/v1/income': () => 30,
  'GET /fapi/v1/forceOrders': (p) => (p.has('symbol') ? 20 : 50),
  'GET /fapi/v1/positionSide/dual': () => 30,
  'GET /fapi/v1/multiAssetsMargin': () => 30,
};

/**
 * The market and weight of a Binance request by its method, its path from /api, /sapi or /fapi
 * on, and its parameters (query and form body); undefined for a path no weight limit covers.
 */
export const binanceWeight = (
  method: string,
  path: string,
  params: URLSearchParams,
): { market: WeightMarket; weight: number } | undefined => {
  const market = path.startsWith('/fapi/') ? 'futures' : /^\/s?api\//.test(path) ? 'spot' : undefined;
  if (!market) return undefined;
  return { market, weight: WEIGHTS[`${method.toUpperCase()} ${path}`]?.(params) ?? 1 };
};
