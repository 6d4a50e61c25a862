import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentProps } from 'react';

// The engine, the charts and the form load only where a member opens a backtest of their own.
const BacktestTheseSettings = lazy(() => import('./BacktestTheseSettings'));

/** "Backtest these settings" in its own chunk, with a placeholder while that chunk loads. */
export function LazyBacktestTheseSettings(props: ComponentProps<typeof BacktestTheseSettings>) {
  return (
    <Suspense fallback={<Skeleton h="24" />}>
      <BacktestTheseSettings {...props} />
    </Suspense>
  );
}
