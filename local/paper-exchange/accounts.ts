/**
 * The paper exchange's state: the price replay, one order book per exchange with its accounts, the
 * funding clock, the request weights per caller IP, and their persistence. Accounts (with their
 * resting and conditional orders, isolated margins and income) and the last funding settled are
 * kept in a small JSON file (written at most every 200 ms), so a restart keeps them. Before each
 * request `catchUp` walks the replayed path since the last request: every order, stop and isolated
 * liquidation the price reached runs, and every funding time passed is settled in its turn.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { FUNDING_PERIOD_MS } from '#engine/backtest/config';
import { PaperBook, SYMBOLS, newAccount, symbolInfo, type Account } from './engine';
import { RequestWeights, type WeightLimits } from './weights';
import { Replay } from './replay';

/** Binance's long-run typical funding rate per 8 hours (the backtester's too). */
export const FUNDING_RATE = 0.0001;

export interface PaperExchangeOptions {
  /** Where accounts are kept between restarts; in memory only when absent. */
  file?: string;
  /** Replay speed (see replay.ts); PAPER_SPEED in the environment; 60 by default. */
  speed?: number;
  /**
   * The exchange's clock (Date.now by default): server time, order and trade times, funding
   * times (00:00, 08:00, 16:00 UTC of this clock), the rate-limit minute and the replay (which
   * starts at the clock's reading at start-up). A test passes a clock it moves by hand; request
   * signatures are still checked against the caller's real clock (Date.now).
   */
  now?: () => number;
  /**
   * Open time (epoch ms of the data in data/market) of the 15-minute candle the replay starts
   * at, at the clock's reading at start-up; PAPER_START_AT in the environment. With speed 1 the
   * replay then follows the clock candle for candle (the start rounded down to its 15 minutes).
   */
  startAt?: number;
  /** Without `startAt`: how many days before the end of the data the replay starts (30). */
  startDaysBeforeEnd?: number;
  /** Request-weight limits per caller IP and minute (Binance's: spot 6,000, futures 2,400). */
  weightLimits?: Partial<WeightLimits>;
}

export type ExchangeName = 'binance' | 'wazirx';

export interface NewAccountOptions {
  canWithdraw?: boolean;
  ipRestrict?: boolean;
  spot?: Record<string, number>;
  futuresUsdt?: number;
}

interface SavedState {
  binance?: Account[];
  wazirx?: Account[];
  /** The last funding time settled (exchange clock). */
  fundedThrough?: number;
}

const envNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

export const openPaperMarket = (options: PaperExchangeOptions = {}) => {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const replay = new Replay({
    speed: options.speed ?? envNumber('PAPER_SPEED') ?? 60,
    startAt: options.startAt ?? envNumber('PAPER_START_AT'),
    startDaysBeforeEnd: options.startDaysBeforeEnd,
    startedAt,
  });
  let lastMatch = startedAt;
  const priceOf = (symbol: string) => {
    symbolInfo(symbol);
    return replay.price(symbol, now());
  };
  const books: Record<ExchangeName, PaperBook> = {
    binance: new PaperBook(priceOf),
    wazirx: new PaperBook(priceOf),
  };
  const weights = new RequestWeights(now, options.weightLimits);

  const saved: SavedState =
    options.file && existsSync(options.file)
      ? (JSON.parse(readFileSync(options.file, 'utf8')) as SavedState)
      : {};
  for (const name of Object.keys(books) as ExchangeName[]) {
    for (const a of saved[name] ?? []) books[name].add(a);
    books[name].resumeIds();
  }
  // A new exchange settles from its start; a restarted one also settles what fell due while it was down.
  let fundedThrough = saved.fundedThrough ?? Math.floor(startedAt / FUNDING_PERIOD_MS) * FUNDING_PERIOD_MS;

  let saveTimer: NodeJS.Timeout | undefined;
  const write = () => {
    const data: SavedState = {
      ...Object.fromEntries(Object.entries(books).map(([k, b]) => [k, [...b.accounts.values()]])),
      fundedThrough,
    };
    writeFileSync(options.file!, JSON.stringify(data), { mode: 0o600 });
  };
  const save = () => {
    if (!options.file || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      write();
    }, 200);
  };

  /** Walks every symbol's replayed path from `from` to `to` through the accounts it can touch. */
  const walk = (from: number, to: number) => {
    for (const symbol of Object.keys(SYMBOLS))
      for (const book of Object.values(books)) {
        // only open orders and isolated positions react to a price, and a walk opens none of its own
        const accounts = book.watching(symbol);
        if (accounts.length === 0) continue;
        const path = replay.path(symbol, from, to);
        for (let i = 1; i < path.length; i++)
          book.move(
            symbol,
            path[i - 1].price,
            path[i].price,
            Math.round(path[i].time),
            path[i].jump,
            accounts,
          );
      }
  };

  /** Everything the replayed price reached since the last look, with the funding times passed. */
  const catchUp = () => {
    const t = now();
    if (t <= lastMatch && fundedThrough + FUNDING_PERIOD_MS > t) return;
    while (fundedThrough + FUNDING_PERIOD_MS <= t) {
      const due = fundedThrough + FUNDING_PERIOD_MS;
      if (due > lastMatch) {
        walk(lastMatch, due);
        lastMatch = due;
      }
      for (const symbol of Object.keys(SYMBOLS))
        books.binance.fund(symbol, replay.price(symbol, due), FUNDING_RATE, due);
      fundedThrough = due;
    }
    if (t > lastMatch) walk(lastMatch, t);
    lastMatch = Math.max(lastMatch, t);
    save();
  };

  const createAccount = (exchange: ExchangeName, opts: NewAccountOptions = {}) => {
    // shaped as Binance issues them: 64 characters each (api/schemas/exchange.ts)
    const apiKey = randomBytes(32).toString('hex');
    const secret = randomBytes(32).toString('hex');
    books[exchange].add(newAccount(apiKey, secret, opts));
    save();
    return { apiKey, secret };
  };

  /** Revokes a key on whichever exchange holds it (as deleting it on the exchange would). */
  const revoke = (apiKey: string): boolean => {
    const found = books.binance.accounts.delete(apiKey) || books.wazirx.accounts.delete(apiKey);
    save();
    return found;
  };

  return {
    now,
    replay,
    books,
    weights,
    price: priceOf,
    save,
    catchUp,
    createAccount,
    revoke,
    /** Writes what is pending at once (a second exchange on the same file then sees it). */
    close: () => {
      if (!saveTimer) return;
      clearTimeout(saveTimer);
      saveTimer = undefined;
      write();
    },
  };
};

export type PaperMarket = ReturnType<typeof openPaperMarket>;
