import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './App';
import { routes } from './router';

/**
 * The public pages a visitor opens most, rendered to HTML at build time (web/vite.config.ts,
 * `prerenderPublicPages`) so the first paint does not wait for the JavaScript; the browser then
 * hydrates them (main.tsx). They render as a visitor's first render does: the session not read yet
 * (no navbar links), no query answered, the ticker loading, no deployment's settings.
 */
export const PRERENDERED_PATHS = ['/', '/pricing', '/login'] as const;

export async function prerender(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} in the prerender`);
  if (context.errors) throw Object.values(context.errors)[0];
  return renderToString(
    <StrictMode>
      {/* the sign-in flow is used only when logging in, never in what a page renders */}
      <AppProviders authFlowType="USER_SRP_AUTH">
        {/* no hydration data: the routes load nothing, and the CSP would refuse its inline script */}
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>
    </StrictMode>,
  );
}
