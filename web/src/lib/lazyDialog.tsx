import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is fetched when it is first opened, and kept mounted from then on (so it
 * closes with its animation and gives focus back to what opened it). For the dialogs of the frame
 * and the public pages: Chakra's dialog machinery (focus trap, dismiss, portal) stays out of a
 * visitor's first load, which carries a budget (bench/web).
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
