import { Box } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { callApi } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

/** Bell link with the unread count: a pushed notification updates it at once (lib/pushes.ts); it also polls every 30 s. */
export function NotificationsBell({ onDark = false }: { onDark?: boolean }) {
  const { data } = useQuery({
    queryKey: queryKeys.notifications.bell(),
    queryFn: () => callApi('listNotifications', { limit: 1 }),
    refetchInterval: 30_000,
  });
  const unread = data?.unread ?? 0;
  return (
    <Box
      asChild
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="9"
      h="9"
      borderRadius="md"
      fontSize="lg"
      color={onDark ? 'white' : 'fg'}
      _hover={{ bg: onDark ? 'whiteAlpha.200' : 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
    >
      <RouterLink to="/notifications" aria-label="Notifications">
        <LuBell aria-hidden />
        {unread > 0 && (
          <Box
            as="span"
            position="absolute"
            top="0.5"
            right="0.5"
            minW="4.5"
            h="4.5"
            px="1"
            borderRadius="full"
            bg="red.500"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="18px"
            textAlign="center"
            data-testid="unread-count"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        )}
      </RouterLink>
    </Box>
  );
}
