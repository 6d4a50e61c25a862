import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberBacktestRequest, MemberBacktestResult } from '../../../../engine/backtest/member';
import type { WorkerReply } from './backtest.worker';

export type BrowserBacktest =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'running'; readonly progress: number }
  | { readonly status: 'done'; readonly result: MemberBacktestResult; readonly engineMs: number }
  | { readonly status: 'error'; readonly message: string };

/**
 * Runs member backtests in a Web Worker (backtest.worker.ts), started on the first run and kept
 * for the next ones (it keeps the candles it downloaded). A new run while one is going replaces it:
 * the old worker is stopped, as is the worker when the component leaves the page.
 */
export function useBrowserBacktest() {
  const worker = useRef<Worker | null>(null);
  const busy = useRef(false);
  const [state, setState] = useState<BrowserBacktest>({ status: 'idle' });

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const run = useCallback(
    (request: MemberBacktestRequest) => {
      if (busy.current) stop();
      if (!worker.current) {
        const w = new Worker(new URL('./backtest.worker.ts', import.meta.url), { type: 'module' });
        w.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
          if (data.type === 'loading') setState({ status: 'loading' });
          else if (data.type === 'progress')
            setState({ status: 'running', progress: data.done / data.total });
          else {
            busy.current = false;
            setState(
              data.type === 'done'
                ? { status: 'done', result: data.result, engineMs: data.engineMs }
                : { status: 'error', message: data.message },
            );
          }
        };
        w.onerror = () => {
          busy.current = false;
          stop();
          setState({ status: 'error', message: 'The backtest could not start in this browser.' });
        };
        worker.current = w;
      }
      busy.current = true;
      setState({ status: 'loading' });
      worker.current.postMessage(request);
    },
    [stop],
  );

  return { state, run };
}
