import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from './lib/auth';
import type { RuntimeConfig } from './lib/config';
import { queryClient } from './lib/queryClient';
import { router } from './router';
import { system } from './theme/system';

export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false} disableTransitionOnChange>
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}

export function App({ authFlowType }: { authFlowType: RuntimeConfig['cognito']['authFlowType'] }) {
  return (
    <UiProviders>
      <QueryClientProvider client={queryClient}>
        <AuthProvider authFlowType={authFlowType}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </UiProviders>
  );
}
