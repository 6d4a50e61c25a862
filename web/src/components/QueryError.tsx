import { Alert, Button } from '@chakra-ui/react';
import { errorMessage } from '../lib/api';

/** A failed read, shown where its data would be, with a retry. */
export function QueryError({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  return (
    <Alert.Root status="error" borderRadius="md" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load {what}.</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
          Retry
        </Button>
      )}
    </Alert.Root>
  );
}
