import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, UiProviders } from './App';
import { loadConfig } from './lib/config';

const root = createRoot(document.getElementById('root') as HTMLElement);

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

loadConfig()
  .then((config) => {
    // A transition: React renders the first page in slices of a few milliseconds, yielding to the
    // browser between them, instead of one task of a second or more on a phone (the page's whole
    // tree at once; Lighthouse's total blocking time). The router's own updates are transitions too.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App authFlowType={config.cognito.authFlowType} />
        </StrictMode>,
      );
    });
  })
  .catch((error: unknown) => {
    root.render(
      <UiProviders>
        <ConfigError detail={error instanceof Error ? error.message : String(error)} />
      </UiProviders>,
    );
  });
