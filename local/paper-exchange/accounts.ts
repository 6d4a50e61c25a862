/**
 * The paper exchange's state: the price replay, one order book per exchange with its accounts, and
 * their persistence. Accounts are kept in a small JSON file (written at most every 200 ms), so a
 * restart keeps them; resting limit orders are matched against every price the replay went
 * through since the last request (`catchUp`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PaperBook, SYMBOLS, newAccount, symbolInfo, type Account } from './engine';
import { Replay } from './replay';

export interface PaperExchangeOptions {
  /** Where accounts are kept between restarts; in memory only when absent. */
  file?: string;
  /** Replay speed (see replay.ts); PAPER_SPEED in the environment. */
  speed?: number;
  now?: () => number;
}

export type ExchangeName = 'binance' | 'wazirx';

export interface NewAccountOptions {
  canWithdraw?: boolean;
  spot?: Record<string, number>;
  futuresUsdt?: number;
}

export const openPaperMarket = (options: PaperExchangeOptions = {}) => {
  const now = options.now ?? Date.now;
  const replay = new Replay({
    speed: options.speed ?? Number(process.env.PAPER_SPEED ?? 60),
    startedAt: now(),
  });
  let lastMatch = now();
  const priceOf = (symbol: string) => {
    symbolInfo(symbol);
    return replay.price(symbol, now());
  };
  const books: Record<ExchangeName, PaperBook> = {
    binance: new PaperBook(priceOf),
    wazirx: new PaperBook(priceOf),
  };

  if (options.file && existsSync(options.file)) {
    const saved = JSON.parse(readFileSync(options.file, 'utf8')) as Record<ExchangeName, Account[]>;
    for (const name of Object.keys(books) as ExchangeName[]) {
      for (const a of saved[name] ?? []) books[name].add(a);
      books[name].resumeIds();
    }
  }
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!options.file || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      const data = Object.fromEntries(Object.entries(books).map(([k, b]) => [k, [...b.accounts.values()]]));
      writeFileSync(options.file!, JSON.stringify(data), { mode: 0o600 });
    }, 200);
  };

  /** Resting limit orders see every price the replay went through since the last look. */
  const catchUp = () => {
    const t = now();
    if (t <= lastMatch) return;
    for (const symbol of Object.keys(SYMBOLS)) {
      const { low, high } = replay.range(symbol, lastMatch, t);
      books.binance.match(symbol, low, high, t);
      books.wazirx.match(symbol, low, high, t);
    }
    lastMatch = t;
    save();
  };

  const createAccount = (exchange: ExchangeName, opts: NewAccountOptions = {}) => {
    const apiKey = randomBytes(24).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
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
    price: priceOf,
    save,
    catchUp,
    createAccount,
    revoke,
    close: () => {
      if (saveTimer) clearTimeout(saveTimer);
    },
  };
};

export type PaperMarket = ReturnType<typeof openPaperMarket>;
