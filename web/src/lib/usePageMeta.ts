import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_META, PUBLIC_PAGES } from './pageMeta';

/** Sets the document's title and meta description to the current page's (lib/pageMeta.ts). */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = PUBLIC_PAGES[pathname] ?? DEFAULT_META;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
}

/** usePageMeta as an element, for the router's layout routes. */
export function PageMeta(): null {
  usePageMeta();
  return null;
}
