import { Alert } from '@chakra-ui/react';

/** An inline result message shown where the action happened. */
export function FormAlert({
  status,
  title,
  children,
}: {
  status: 'success' | 'error' | 'info' | 'warning';
  title?: string;
  children?: React.ReactNode;
}) {
  return (
    <Alert.Root status={status} borderRadius="md" role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
