import { useSyncExternalStore } from 'react';

const nothingToSubscribe = () => () => {};

/**
 * A value only the browser knows (the runtime settings, the stored colour mode) in a component a
 * prerendered page holds (web/src/prerender.tsx). While React hydrates the page, and in the
 * prerender, it is `prerendered`, so the first render is the HTML's; right after, React renders
 * again with `inBrowser()` (useSyncExternalStore's server snapshot). A page the browser renders
 * from scratch gets `inBrowser()` at once. `inBrowser` must return the same value on each call.
 */
export function useBrowserValue<T>(inBrowser: () => T, prerendered: T): T {
  return useSyncExternalStore(nothingToSubscribe, inBrowser, () => prerendered);
}

const inBrowser = () => true;

/**
 * False while React hydrates a prerendered page (and in the prerender), true from the render
 * after: for what must wait for the app, like a form whose typing React would not see yet.
 */
export const useHydrated = (): boolean => useBrowserValue(inBrowser, false);
