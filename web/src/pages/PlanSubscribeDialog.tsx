import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '../components/FormAlert';
import { useAuth } from '../lib/auth';
import type { Plan } from '../lib/plans';

/**
 * Subscribe dialog of the pricing page. A visitor is asked to log in; a member sees the price and
 * that activation is paid from the wallet. The money issue replaces the member branch with the real
 * activation (wallet balance check, 'Plan activated.').
 */
export function PlanSubscribeDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: Plan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { state } = useAuth();
  const signedIn = state.status === 'signedIn';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      lazyMount
      unmountOnExit
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {signedIn ? `Subscribe to ${plan?.name ?? ''}` : 'Log in to subscribe'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!signedIn ? (
                <Text color="fg.muted">
                  Plans are activated from your Trendex wallet. Log in to your account, or create one in a
                  minute, to subscribe to {plan?.name ?? 'a plan'}.
                </Text>
              ) : (
                <Stack gap="4">
                  <Text>
                    The {plan?.name} plan costs{' '}
                    <Text as="strong">
                      {plan?.priceUsdt} USDT per {plan?.period}
                    </Text>
                    . Activation is paid from your Trendex wallet balance.
                  </Text>
                  <FormAlert status="info">Wallet activation opens with the wallet</FormAlert>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {!signedIn ? (
                <HStack gap="3">
                  <Button asChild variant="outline">
                    <RouterLink to="/signup">Sign up</RouterLink>
                  </Button>
                  <Button asChild colorPalette="brand">
                    <RouterLink to="/login">Log In</RouterLink>
                  </Button>
                </HStack>
              ) : (
                <HStack gap="3">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="brand" disabled>
                    Confirm
                  </Button>
                </HStack>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
