import { Box, Container, EmptyState, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { dateTimeText } from '../lib/dates';
import { useEffect, useRef } from 'react';
import { LuBellOff } from 'react-icons/lu';
import { QueryError } from '../components/QueryError';
import { LoadMore } from '../components/LoadMore';
import { callApi } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

const PAGE = 20;

export default function Notifications() {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam }) => callApi('listNotifications', { limit: PAGE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const markRead = useMutation({
    mutationFn: () => callApi('markNotificationsRead', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.bell() }),
  });
  const { mutate } = markRead;

  // Opening the page marks everything read (once per visit); the list keeps showing what was new.
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current || !list.isSuccess) return;
    marked.current = true;
    mutate();
  }, [list.isSuccess, mutate]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Notifications
        </Heading>
        {list.isPending && (
          <Stack gap="3" aria-busy="true" aria-label="Loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="16" borderRadius="lg" />
            ))}
          </Stack>
        )}
        {list.isError && !list.data && (
          <QueryError what="notifications" error={list.error} onRetry={() => list.refetch()} />
        )}
        {list.isSuccess && items.length === 0 && (
          <EmptyState.Root borderWidth="1px" borderColor="border.card" borderRadius="xl" bg="bg.surface">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuBellOff />
              </EmptyState.Indicator>
              <EmptyState.Title>No notifications yet</EmptyState.Title>
              <EmptyState.Description>
                Trades, deposits, rewards and account messages will appear here.
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {items.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Notification list">
            {items.map((n) => (
              <Box
                as="li"
                key={n.id}
                bg="bg.surface"
                borderWidth="1px"
                borderColor={n.read ? 'border.card' : 'brand.border'}
                borderLeftWidth="4px"
                borderLeftColor={n.read ? 'border.card' : 'brand.solid'}
                borderRadius="lg"
                px="5"
                py="4"
              >
                <HStack justify="space-between" align="flex-start" gap="4">
                  <Text>{n.message}</Text>
                  {!n.read && (
                    <Text fontSize="xs" fontWeight="bold" color="brand.fg" flexShrink={0}>
                      New
                    </Text>
                  )}
                </HStack>
                <Text fontSize="sm" color="fg.muted" asChild>
                  <time dateTime={n.date} title={dateTimeText(n.date)}>
                    {formatDistanceToNow(new Date(n.date), { addSuffix: true })}
                  </time>
                </Text>
              </Box>
            ))}
          </Stack>
        )}
        <LoadMore query={list} what="more notifications" />
      </Stack>
    </Container>
  );
}
