import { memo, useDeferredValue, type ComponentType, type ReactNode } from 'react';

type DeferredProps<P extends object> = { component: ComponentType<P> } & P;

function DeferredView<P extends object>({ component: View, ...props }: DeferredProps<P>) {
  const shown = useDeferredValue(props);
  return <View {...(shown as P)} />;
}

/**
 * Renders `component` (memoised) with the rest of its props through a deferred value: when a prop
 * changes, React first renders this wrapper with the previous props (the view bails out), then the
 * view with the new ones in slices that yield to the browser.
 *
 * The caller reads the queries and passes their answers down; neither this wrapper nor the view may
 * read a query (or any useSyncExternalStore) of its own that changes while the page loads. React
 * checks, before committing a sliced render, that every store it read is unchanged; if one changed
 * meanwhile (TanStack Query's result changes when a refetch starts or ends: the socket's catch-up on
 * open reads the member's data again as the dashboard renders), it throws the sliced work away and
 * renders it all again in one blocking task, which cost the dashboard ~0.45 s at a phone's pace
 * (docs/decisions/web-performance.md, "No store read in a deferred render").
 */
export const Deferred = memo(DeferredView) as <P extends object>(props: DeferredProps<P>) => ReactNode;
