import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { AuthProvider } from './lib/auth';
import type { RuntimeConfig } from './lib/config';
import { queryClient } from './lib/queryClient';
import { system } from './theme/system';

/**
 * next-themes renders its own inline script to set the colour mode before the first paint; the
 * page's CSP refuses inline scripts but the one index.html carries (web/src/theme/colorModeScript.ts,
 * allowed by its hash), so next-themes' copy is written as data the browser does not run: the same
 * element in the prerendered HTML and in the browser's render, and no refused script.
 */
const NOT_RUN = { type: 'application/json' };

export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider
        attribute="class"
        defaultTheme="light"
        enableSystem={false}
        disableTransitionOnChange
        scriptProps={NOT_RUN}
      >
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}

/** The app around its router: the browser's (main.tsx) and the prerender's (prerender.tsx). */
export function AppProviders({
  authFlowType,
  children,
}: {
  authFlowType: RuntimeConfig['cognito']['authFlowType'];
  children: ReactNode;
}) {
  return (
    <UiProviders>
      <QueryClientProvider client={queryClient}>
        <AuthProvider authFlowType={authFlowType}>{children}</AuthProvider>
      </QueryClientProvider>
    </UiProviders>
  );
}
