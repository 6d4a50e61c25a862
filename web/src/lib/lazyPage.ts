import { lazy, type ComponentType } from 'react';

const FLAG = 'trendex:chunk-reload';

/**
 * React.lazy for a page chunk. If the chunk cannot be fetched (a new deploy replaced the hashed
 * files under an open tab), reload the page once to pick up the new build instead of failing.
 */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const mod = await load();
      sessionStorage.removeItem(FLAG);
      return mod;
    } catch (error) {
      if (!sessionStorage.getItem(FLAG)) {
        sessionStorage.setItem(FLAG, '1');
        window.location.reload();
        return new Promise<{ default: T }>(() => {});
      }
      throw error;
    }
  });
}
