import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Center minH="100dvh" p="6">
      <Stack maxW="md" gap="4" textAlign="center" role="alert">
        <Heading size="lg">Something went wrong on this page</Heading>
        <Text color="fg.muted">Reload the page to try again. If it keeps happening, contact support.</Text>
        {detail && (
          <Text fontSize="xs" color="fg.subtle">
            {detail}
          </Text>
        )}
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
