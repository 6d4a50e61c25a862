/**
 * Our own small WazirX REST client (WazirX left ccxt in 4.4.70): signed calls as WazirX documents
 * them (X-Api-Key header; HMAC-SHA256 of the query or form body, hex, as `signature`; timestamp and
 * recvWindow). Only what Trendex uses: funds, 24-hour tickers and spot orders.
 */
import { createHmac } from 'node:crypto';
import { config } from '#core/config';

export class WazirxError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'WazirxError';
  }
}

interface WazirxFund {
  asset: string;
  free: string;
  locked: string;
}

interface WazirxOrder {
  id: number;
  symbol: string;
  price: string;
  origQty: string;
  executedQty: string;
  status: string;
  type: string;
  side: string;
}

const wazirxBaseUrl = () => (process.env.EXCHANGE_WAZIRX_URL ?? 'https://api.wazirx.com').replace(/\/$/, '');

export const wazirxClient = (credentials: { apiKey: string; secret: string }, baseUrl = wazirxBaseUrl()) => {
  const request = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Record<string, string> = {},
    signed = true,
  ): Promise<T> => {
    let query = new URLSearchParams(params).toString();
    const headers: Record<string, string> = {};
    if (signed) {
      query = new URLSearchParams({
        ...params,
        recvWindow: '10000',
        timestamp: String(Date.now()),
      }).toString();
      query += `&signature=${createHmac('sha256', credentials.secret).update(query).digest('hex')}`;
      headers['X-Api-Key'] = credentials.apiKey;
    }
    const inBody = method === 'POST';
    if (inBody) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(`${baseUrl}${path}${!inBody && query ? `?${query}` : ''}`, {
      method,
      headers,
      body: inBody ? query : undefined,
      signal: AbortSignal.timeout(config.exchange.timeoutMs),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WazirxError(response.status, undefined, '');
    }
    if (!response.ok) {
      const e = body as { code?: number; message?: string };
      throw new WazirxError(response.status, e.code, e.message ?? '');
    }
    return body as T;
  };

  return {
    funds: () => request<WazirxFund[]>('GET', '/sapi/v1/funds'),
    tickers: () => request<Record<string, string>[]>('GET', '/sapi/v1/tickers/24hr', {}, false),
    placeOrder: (order: {
      symbol: string;
      side: 'buy' | 'sell';
      type: 'limit' | 'market';
      quantity: string;
      price?: string;
    }) =>
      request<WazirxOrder>(
        'POST',
        '/sapi/v1/order',
        Object.fromEntries(Object.entries(order).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >,
      ),
    cancelOrder: (symbol: string, orderId: number) =>
      request<WazirxOrder>('DELETE', '/sapi/v1/order', { symbol, orderId: String(orderId) }),
    openOrders: () => request<WazirxOrder[]>('GET', '/sapi/v1/openOrders'),
  };
};
