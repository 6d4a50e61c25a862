import { Box, Button, Container, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import { LuNetwork, LuTrophy, LuUsers } from 'react-icons/lu';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { useProfile } from '../lib/profile';
import { ReferAndEarn } from './ReferAndEarn';
import { ReferralsDialog } from './ReferralsDialog';

const nf = new Intl.NumberFormat('en');

function Card({ title, icon: Icon, children }: { title: string; icon: IconType; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title} layerStyle="card" p={{ base: '5', md: '6' }}>
      <HStack justify="space-between" mb="4">
        <Text fontWeight="medium" color="fg.muted">
          {title}
        </Text>
        <Box bg="brand.subtle" color="brand.fg" p="2.5" borderRadius="lg" aria-hidden>
          <Icon />
        </Box>
      </HStack>
      {children}
    </Box>
  );
}

function Pair({ left, right }: { left: React.ReactNode; right: React.ReactNode }) {
  return (
    <SimpleGrid columns={2} gap="3">
      <Stack gap="0">
        <Text fontSize="sm" color="fg.muted">
          Team 1 (Left)
        </Text>
        {left}
      </Stack>
      <Stack gap="0">
        <Text fontSize="sm" color="fg.muted">
          Team 2 (Right)
        </Text>
        {right}
      </Stack>
    </SimpleGrid>
  );
}

const Big = ({ children, label }: { children: React.ReactNode; label: string }) => (
  <Text fontSize="2xl" fontWeight="bold" aria-label={label}>
    {children}
  </Text>
);

export default function TeamGlance() {
  const team = useQuery({ queryKey: ['team'], queryFn: () => callApi('getTeam', {}) });
  const profile = useProfile();
  const [open, setOpen] = useState<'Left' | 'Right' | null>(null);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Team Glance
          </Heading>
          <Text color="fg.muted">Your referral network: direct referrals, whole teams and their points.</Text>
        </Stack>
        {team.isError ? (
          <QueryError what="your team" error={team.error} onRetry={() => team.refetch()} />
        ) : team.isPending ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" aria-busy="true" aria-label="Loading">
            <Skeleton h="36" />
            <Skeleton h="36" />
            <Skeleton h="36" />
          </SimpleGrid>
        ) : (
          <>
            {!team.data.placed && (
              <Text color="fg.muted" role="status">
                Your place in the tree is being prepared; the counts appear in a moment.
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              <Card title="Direct referrals" icon={LuUsers}>
                <Pair
                  left={
                    <Button
                      variant="plain"
                      p="0"
                      h="auto"
                      fontSize="2xl"
                      fontWeight="bold"
                      color="brand.fg"
                      textDecoration="underline"
                      aria-label={`Team 1 direct referrals: ${team.data.directLeft}`}
                      onClick={() => setOpen('Left')}
                    >
                      {nf.format(team.data.directLeft)}
                    </Button>
                  }
                  right={
                    <Button
                      variant="plain"
                      p="0"
                      h="auto"
                      fontSize="2xl"
                      fontWeight="bold"
                      color="brand.fg"
                      textDecoration="underline"
                      aria-label={`Team 2 direct referrals: ${team.data.directRight}`}
                      onClick={() => setOpen('Right')}
                    >
                      {nf.format(team.data.directRight)}
                    </Button>
                  }
                />
              </Card>
              <Card title="Total team" icon={LuNetwork}>
                <Pair
                  left={<Big label="Team 1 total">{nf.format(team.data.leftCount)}</Big>}
                  right={<Big label="Team 2 total">{nf.format(team.data.rightCount)}</Big>}
                />
              </Card>
              <Card title="Active team points" icon={LuTrophy}>
                <Pair
                  left={<Big label="Team 1 points">{team.data.leftPoints}</Big>}
                  right={<Big label="Team 2 points">{team.data.rightPoints}</Big>}
                />
              </Card>
            </SimpleGrid>
          </>
        )}
        {profile.data && <ReferAndEarn username={profile.data.username} />}
      </Stack>
      <ReferralsDialog side={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
