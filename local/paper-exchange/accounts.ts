/**
 * The paper exchange's state: the price replay, one order book per exchange with its accounts, the
 * funding clock, the request weights per caller IP, and their persistence. Before each request
 * `catchUp` walks the replayed path since the last request: every order, stop and isolated
 * liquidation the price reached runs, and every funding time passed is settled in its turn.
 *
 * Kept between runs (state-file.ts: a snapshot and a journal): the accounts (with their resting and
 * conditional orders, isolated margins, income and faults), the replay's clock, the last funding
 * settled and how far the price has been walked. Every change is on disk before the request that
 * made it is answered, and a walk's fills before the request that ran the walk is: a crash loses
 * nothing anyone was told. A restarted exchange goes on as if it had never stopped: the replay is
 * where it would be now, and the first request walks the price through the time it was down
 * (orders fill, stops trigger, funding is settled), as Binance goes on while a client is away.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { FUNDING_PERIOD_MS } from '#engine/backtest/config';
import { PaperBook, SYMBOLS, errors, newAccount, symbolInfo, type Account } from './engine';
import { RequestWeights, type WeightLimits } from './weights';
import { Replay, type ReplayClock } from './replay';
import { openStateFile, type JournalEntry } from './state-file';
import type { UserStreamOptions } from './user-stream';

/** Binance's long-run typical funding rate per 8 hours (the backtester's too). */
export const FUNDING_RATE = 0.0001;

export interface PaperExchangeOptions {
  /** Where the state is kept between restarts (state-file.ts); in memory only when absent. */
  file?: string;
  /** Replay speed (see replay.ts); PAPER_SPEED in the environment; 60 by default. */
  speed?: number;
  /**
   * The exchange's clock (Date.now by default): server time, order and trade times, funding
   * times (00:00, 08:00, 16:00 UTC of this clock), the rate-limit minute and the replay (which
   * starts at the clock's reading at its first start-up). A test passes a clock it moves by hand;
   * request signatures are still checked against the caller's real clock (Date.now).
   */
  now?: () => number;
  /**
   * Open time (epoch ms of the data in data/market) of the 15-minute candle the replay starts
   * at, at the clock's reading at start-up; PAPER_START_AT in the environment. With speed 1 the
   * replay then follows the clock candle for candle (the start rounded down to its 15 minutes).
   * Only for a new exchange: one with a state file goes on with the replay it kept.
   */
  startAt?: number;
  /** Without `startAt`: how many days before the end of the data the replay starts (30). */
  startDaysBeforeEnd?: number;
  /** Request-weight limits per caller IP and minute (Binance's: spot 6,000, futures 2,400). */
  weightLimits?: Partial<WeightLimits>;
  /** Listen-key validity, connection lifetime and push pace of the user data streams (user-stream.ts). */
  userStreams?: UserStreamOptions;
}

export type ExchangeName = 'binance' | 'wazirx';

export interface NewAccountOptions {
  /**
   * 'ed25519': a Binance key registered by an Ed25519 public key. Given `publicKey` (PEM), as on
   * Binance, the answer is the API key alone; without it the exchange makes the key pair (as a
   * member would, with Binance's key generator) and answers the private key, in PEM, as the
   * secret. HMAC ('hmac', the default) otherwise.
   */
  keyType?: 'hmac' | 'ed25519';
  publicKey?: string;
  canWithdraw?: boolean;
  ipRestrict?: boolean;
  spot?: Record<string, number>;
  futuresUsdt?: number;
}

/** How far the exchange has gone (exchange clock): the last funding time settled, the price walked. */
interface ClockMarks {
  fundedThrough: number;
  lastMatch: number;
}

interface SavedState extends Partial<ClockMarks> {
  binance?: Account[];
  wazirx?: Account[];
  replay?: ReplayClock;
}

/** A journal entry applied to the state read so far. */
const applyEntry = (state: SavedState = {}, entry: JournalEntry<Account, ClockMarks>): SavedState => {
  if ('clock' in entry) return { ...state, ...entry.clock };
  const name = entry.exchange as ExchangeName;
  const others = (state[name] ?? []).filter(
    (a) => a.apiKey !== ('account' in entry ? entry.account.apiKey : entry.revoked),
  );
  return { ...state, [name]: 'account' in entry ? [...others, entry.account] : others };
};

const envNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

/** A registered public key, refused unless it is an Ed25519 one. */
const ed25519PublicKey = (pem: string): KeyObject => {
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === 'ed25519') return key;
  } catch {
    // not a public key at all: refused below
  }
  throw errors.badParam('publicKey');
};

export const openPaperMarket = (options: PaperExchangeOptions = {}) => {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const stateFile = options.file ? openStateFile<SavedState, Account, ClockMarks>(options.file) : undefined;
  const saved = stateFile?.read(applyEntry) ?? {};
  const replay = new Replay({
    speed: options.speed ?? envNumber('PAPER_SPEED') ?? 60,
    startAt: options.startAt ?? envNumber('PAPER_START_AT'),
    startDaysBeforeEnd: options.startDaysBeforeEnd,
    startedAt,
    clock: saved.replay,
  });
  // a restarted exchange walks the price from where it stopped walking (through the time it was down)
  let lastMatch = saved.lastMatch ?? startedAt;
  const priceOf = (symbol: string) => {
    symbolInfo(symbol);
    return replay.price(symbol, now());
  };
  const books: Record<ExchangeName, PaperBook> = {
    binance: new PaperBook(priceOf),
    wazirx: new PaperBook(priceOf),
  };
  const weights = new RequestWeights(now, options.weightLimits);

  for (const name of Object.keys(books) as ExchangeName[]) {
    for (const a of saved[name] ?? []) books[name].add(a);
    books[name].resumeIds();
  }
  // A new exchange settles from its start; a restarted one also settles what fell due while it was down.
  let fundedThrough = saved.fundedThrough ?? Math.floor(startedAt / FUNDING_PERIOD_MS) * FUNDING_PERIOD_MS;

  const whole = (): SavedState => ({
    binance: [...books.binance.accounts.values()],
    wazirx: [...books.wazirx.accounts.values()],
    replay: replay.clock(),
    fundedThrough,
    lastMatch,
  });
  // the journal read is folded in at once, and the replay's clock (fixed from here on) kept
  stateFile?.snapshot(whole());

  const exchangeOf = (account: Account): ExchangeName =>
    books.binance.accounts.get(account.apiKey) === account ? 'binance' : 'wazirx';

  /** Told of every change once it is saved: the user data streams (user-stream.ts). */
  const changeListeners = new Set<(changed: Account[]) => void>();
  const onChange = (listener: (changed: Account[]) => void) => {
    changeListeners.add(listener);
  };

  /**
   * Puts changed accounts (and how far the clock has gone) on disk, before anyone hears of them,
   * then tells the change listeners.
   */
  const save = (...changed: Account[]) => {
    if (stateFile) {
      const entries: JournalEntry<Account, ClockMarks>[] = changed.map((account) => ({
        exchange: exchangeOf(account),
        account,
      }));
      entries.push({ clock: { fundedThrough, lastMatch } });
      if (stateFile.append(entries)) stateFile.snapshot(whole());
    }
    for (const listener of changeListeners) listener(changed);
  };

  /** Walks every symbol's replayed path from `from` to `to` through the accounts it can touch. */
  const walk = (from: number, to: number): Account[] => {
    const changed: Account[] = [];
    for (const symbol of Object.keys(SYMBOLS))
      for (const book of Object.values(books)) {
        // only open orders and isolated positions react to a price, and a walk opens none of its own
        const accounts = book.watching(symbol);
        if (accounts.length === 0) continue;
        const path = replay.path(symbol, from, to);
        for (let i = 1; i < path.length; i++) {
          const moved = book.move(
            symbol,
            path[i - 1].price,
            path[i].price,
            Math.round(path[i].time),
            path[i].jump,
            accounts,
          );
          changed.push(...moved);
        }
      }
    return changed;
  };

  /**
   * Everything the replayed price reached since the last look, with the funding times passed; what
   * it changed is saved. A walk that changed nothing is not: walked again after a crash, it again
   * changes nothing.
   */
  const catchUp = () => {
    const t = now();
    if (t <= lastMatch && fundedThrough + FUNDING_PERIOD_MS > t) return;
    const changed = new Set<Account>();
    const walked = (accounts: Iterable<Account>) => {
      for (const a of accounts) changed.add(a);
    };
    while (fundedThrough + FUNDING_PERIOD_MS <= t) {
      const due = fundedThrough + FUNDING_PERIOD_MS;
      if (due > lastMatch) {
        walked(walk(lastMatch, due));
        lastMatch = due;
      }
      for (const symbol of Object.keys(SYMBOLS))
        walked(books.binance.fund(symbol, replay.price(symbol, due), FUNDING_RATE, due));
      fundedThrough = due;
    }
    if (t > lastMatch) walked(walk(lastMatch, t));
    lastMatch = Math.max(lastMatch, t);
    if (changed.size > 0) save(...changed);
  };

  const createAccount = (exchange: ExchangeName, opts: NewAccountOptions = {}) => {
    // shaped as Binance issues them: 64 characters each (api/schemas/exchange.ts)
    const apiKey = randomBytes(32).toString('hex');
    if (exchange === 'binance' && opts.keyType === 'ed25519') {
      const pair = opts.publicKey ? undefined : generateKeyPairSync('ed25519');
      const publicKey = pair?.publicKey ?? ed25519PublicKey(opts.publicKey!);
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      save(books.binance.add({ ...newAccount(apiKey, '', opts), publicKey: pem }));
      if (!pair) return { apiKey };
      return { apiKey, secret: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    }
    const secret = randomBytes(32).toString('hex');
    save(books[exchange].add(newAccount(apiKey, secret, opts)));
    return { apiKey, secret };
  };

  /** Revokes a key on whichever exchange holds it (as deleting it on the exchange would). */
  const revoke = (apiKey: string): boolean => {
    const exchange = (['binance', 'wazirx'] as const).find((name) => books[name].accounts.delete(apiKey));
    if (exchange) stateFile?.append([{ exchange, revoked: apiKey }]);
    return exchange !== undefined;
  };

  return {
    now,
    replay,
    books,
    weights,
    price: priceOf,
    save,
    onChange,
    catchUp,
    createAccount,
    revoke,
  };
};

export type PaperMarket = ReturnType<typeof openPaperMarket>;
