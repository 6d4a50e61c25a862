import { useEffect, useState } from 'react';

/** Resolves once the page has loaded and the browser has a moment to spare. */
const afterLoad: Promise<void> = new Promise<void>((resolve) => {
  // never in a prerender (web/src/prerender.tsx): it renders the page as it is before load
  if (typeof window === 'undefined') return;
  // Safari has no requestIdleCallback: a short timeout after load stands in
  const idle = (window.requestIdleCallback as typeof window.requestIdleCallback | undefined)?.bind(window);
  const whenIdle = () => (idle ? idle(() => resolve(), { timeout: 2_000 }) : window.setTimeout(resolve, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
});

/**
 * False until the page has loaded and the browser is idle: for work a visitor does not need for
 * the first paint (the ticker's socket and its updates every second), which would otherwise
 * compete with rendering the page on a phone.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void afterLoad.then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}
