import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="40vh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
