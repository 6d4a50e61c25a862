/**
 * The browser backtest's worker: downloads the symbol's candles (market.ts) and runs the engine
 * (engine/backtest/member.ts) off the page's thread, reporting its progress. One request at a time
 * per worker; the page starts a new worker to cancel.
 */
import {
  BacktestInputError,
  runMemberBacktest,
  type MemberBacktestRequest,
  type MemberBacktestResult,
} from '../../../../engine/backtest/member';
import { memberModel } from '../../../../engine/backtest/settings';
import { symbolHistory } from './market';
import { BACKTEST_SYMBOLS, type BacktestSymbol } from './symbols';

export type WorkerReply =
  | { readonly type: 'loading' }
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  /** `engineMs`: the engine's own run, without the download (bench/web compares it with Node's). */
  | { readonly type: 'done'; readonly result: MemberBacktestResult; readonly engineMs: number }
  | { readonly type: 'error'; readonly message: string };

/** This module's global scope, a dedicated worker's (the project's DOM types describe a window). */
const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<MemberBacktestRequest>) => void) | null;
};
const reply = (message: WorkerReply) => scope.postMessage(message);

const isSymbol = (s: string): s is BacktestSymbol => (BACKTEST_SYMBOLS as readonly string[]).includes(s);

scope.onmessage = async ({ data: request }) => {
  try {
    const { symbol } = memberModel(request.settings);
    if (!isSymbol(symbol)) throw new BacktestInputError(`No candles are shipped for ${symbol}.`);
    reply({ type: 'loading' });
    const history = await symbolHistory(symbol);
    const started = performance.now();
    const result = runMemberBacktest(request, history, (done, total) =>
      reply({ type: 'progress', done, total }),
    );
    reply({ type: 'done', result, engineMs: performance.now() - started });
  } catch (error) {
    reply({
      type: 'error',
      message:
        error instanceof BacktestInputError
          ? error.message
          : `The backtest failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
};
