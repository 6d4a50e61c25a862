import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A titled card section, the one panel of the app: a section named by its heading, an optional
 * action beside the title (a button, a badge) and an optional note under the content (where a
 * figure comes from).
 */
export function Panel({
  title,
  children,
  aside,
  note,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  note?: string;
}) {
  return (
    <Stack as="section" aria-label={title} layerStyle="card" p={{ base: '4', md: '6' }} gap="4" minW="0">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {aside}
      </HStack>
      {children}
      {note && (
        <Text fontSize="xs" color="fg.muted">
          {note}
        </Text>
      )}
    </Stack>
  );
}
