import { Box, IconButton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { callApi } from '../lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  list: ['notifications', 'list'] as const,
};

/** Bell link with the unread count; polls every 30 s while a member is signed in. */
export function NotificationsBell({ onDark = false }: { onDark?: boolean }) {
  const { data } = useQuery({
    queryKey: notificationKeys.bell,
    queryFn: () => callApi('listNotifications', { limit: 1 }),
    refetchInterval: 30_000,
  });
  const unread = data?.unread ?? 0;
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      position="relative"
      color={onDark ? 'white' : undefined}
      _hover={onDark ? { bg: 'whiteAlpha.200' } : undefined}
    >
      <RouterLink to="/notifications" aria-label="Notifications">
        <LuBell aria-hidden />
        {unread > 0 && (
          <Box
            as="span"
            position="absolute"
            top="-1"
            right="-1"
            minW="5"
            h="5"
            px="1"
            borderRadius="full"
            bg="red.500"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="5"
            textAlign="center"
            data-testid="unread-count"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        )}
      </RouterLink>
    </IconButton>
  );
}
