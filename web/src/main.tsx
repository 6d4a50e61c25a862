import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, UiProviders } from './App';
import { loadConfig } from './lib/config';
import { loadMatchedRoutes, routes } from './router';

const container = document.getElementById('root') as HTMLElement;
// the public pages are prerendered at build time (web/src/prerender.tsx); the rest start empty
const prerendered = container.hasAttribute('data-prerendered');

/** Marks a prerendered page hydrated (its effects run once React has hydrated the whole page). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => container.removeAttribute('data-prerendered'), []);
  return children;
}

function ConfigError({ detail }: { detail: string }) {
  return (
    <Center minH="100dvh" p="6">
      <Stack maxW="md" gap="4" textAlign="center" role="alert">
        <Heading size="lg">Trendex is temporarily unavailable</Heading>
        <Text color="fg.muted">We could not load the service settings. Please try again in a moment.</Text>
        <Text fontSize="xs" color="fg.subtle">
          {detail}
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}

// a prerendered page hydrates from the tree it was rendered with: its page chunk, not the router's
// fallback while it loads (fetched beside the settings)
Promise.all([loadConfig(), prerendered && loadMatchedRoutes(window.location.pathname)])
  .then(([config]) => {
    const app = (
      <StrictMode>
        <AppProviders authFlowType={config.cognito.authFlowType}>
          <Hydrated>
            <RouterProvider router={createBrowserRouter(routes)} />
          </Hydrated>
        </AppProviders>
      </StrictMode>
    );
    // A transition: React renders (or hydrates) the first page in slices of a few milliseconds,
    // yielding to the browser between them, instead of one task of a second or more on a phone
    // (the page's whole tree at once; Lighthouse's total blocking time). The router's own updates
    // are transitions too.
    startTransition(() => {
      if (prerendered) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  })
  .catch((error: unknown) => {
    // replaces a prerendered page's HTML too
    createRoot(container).render(
      <UiProviders>
        <ConfigError detail={error instanceof Error ? error.message : String(error)} />
      </UiProviders>,
    );
  });
