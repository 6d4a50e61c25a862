import { createElement, type ComponentType, type ReactElement } from 'react';

const FLAG = 'trendex:chunk-reload';

/**
 * A page's chunk. If it cannot be fetched (a new deploy replaced the hashed files under an open
 * tab), the page reloads once to pick up the new build instead of failing.
 */
async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  // the prerender (web/src/prerender.tsx) loads pages from the sources, not from a deploy
  if (typeof sessionStorage === 'undefined') return load();
  try {
    const mod = await load();
    sessionStorage.removeItem(FLAG);
    return mod;
  } catch (error) {
    if (!sessionStorage.getItem(FLAG)) {
      sessionStorage.setItem(FLAG, '1');
      window.location.reload();
      return new Promise<M>(() => {});
    }
    throw error;
  }
}

/**
 * A route whose page is its own chunk (react-router's `lazy`): the router fetches it before it
 * shows the route, so neither the first load nor a navigation shows a placeholder that the page
 * then pushes aside (the footer jumped, a layout shift). `render` makes the element when the
 * page needs props (a key).
 */
export function lazyRoute(
  load: () => Promise<{ default: ComponentType }>,
  render: (Page: ComponentType) => ReactElement = (Page) => createElement(Page),
) {
  return {
    lazy: async () => ({ element: render((await loadChunk(load)).default) }),
  };
}
