import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/**
 * Stands where a page will be while it loads. It fills the screen, so the footer stays below it:
 * a shorter loader showed the footer, which the page then pushed down (a layout shift).
 */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
