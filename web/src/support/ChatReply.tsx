/**
 * /chatreply: support's complaint chat — Pending and Resolved tabs of cards (submitter, complaint
 * id, e-mail, status); an id opens the chat with Close Complaint. For the Cognito groups support
 * and admin (support members answer without being admins; the server checks the same).
 */
import { Box, Container, Heading, Link, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { useAuth } from '../lib/auth';
import { ChatDialog, COMPLAINTS_KEY } from './ChatDialog';
import { StatusBadge } from './ComplainPage';

function Cards({ status, onOpen }: { status: 'pending' | 'resolved'; onOpen: (id: string) => void }) {
  const list = useQuery({
    queryKey: [...COMPLAINTS_KEY, 'staff', status],
    queryFn: () => callApi('staffComplaints', { status }),
  });
  if (list.isError)
    return <QueryError what="the complaints" error={list.error} onRetry={() => list.refetch()} />;
  if (list.isPending) return <Text color="fg.muted">Loading…</Text>;
  if (!list.data.items.length)
    return (
      <Text color="fg.muted">
        {status === 'pending' ? 'No pending complaint.' : 'No resolved complaint yet.'}
      </Text>
    );
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" pt="4">
      {list.data.items.map((c) => (
        <Box key={c.id} as="section" aria-label={`Complaint ${c.id}`} layerStyle="card" p="4">
          <Stack gap="1">
            <Text fontWeight="semibold">{c.submitter || c.email}</Text>
            <Link as="button" color="brand.fg" fontFamily="mono" fontSize="xs" onClick={() => onOpen(c.id)}>
              {c.id}
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {c.email}
            </Text>
            <StatusBadge status={c.status} />
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export default function ChatReply() {
  const { state } = useAuth();
  const [open, setOpen] = useState<string | null>(null);
  const staff = state.status === 'signedIn' && (state.user.isAdmin || state.user.groups.includes('support'));
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Complaint chat
        </Heading>
        {!staff ? (
          <Text>This page is for Trendex support.</Text>
        ) : (
          <Tabs.Root defaultValue="pending" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="pending">Pending</Tabs.Trigger>
              <Tabs.Trigger value="resolved">Resolved</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="pending">
              <Cards status="pending" onOpen={setOpen} />
            </Tabs.Content>
            <Tabs.Content value="resolved">
              <Cards status="resolved" onOpen={setOpen} />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Stack>
      <ChatDialog complaintId={open} staff onClose={() => setOpen(null)} />
    </Container>
  );
}
