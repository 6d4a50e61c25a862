import {
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuNetwork, LuTrophy, LuUsers, LuWallet } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { useProfile } from '../lib/profile';
import { formatCount, formatUsdt, pointsText } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';
import { ReferAndEarn } from './ReferAndEarn';
import { ReferralsDialog } from './ReferralsDialog';

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

/** Two figures side by side, each under its small caption. */
function Pair({
  left,
  right,
  captions = ['Team 1 (Left)', 'Team 2 (Right)'],
}: {
  left: React.ReactNode;
  right: React.ReactNode;
  captions?: [string, string];
}) {
  return (
    <SimpleGrid columns={2} gap="3">
      {[left, right].map((figure, i) => (
        <Stack gap="0" key={captions[i]}>
          <Text fontSize="sm" color="fg.muted">
            {captions[i]}
          </Text>
          {figure}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const Big = ({ children, label }: { children: React.ReactNode; label: string }) => (
  <Text fontSize="2xl" fontWeight="bold" aria-label={label}>
    {children}
  </Text>
);

/** A direct-referral count that opens the list of those referrals. */
const ReferralsButton = ({ team, count, onClick }: { team: 1 | 2; count: number; onClick: () => void }) => (
  <Button
    variant="plain"
    alignSelf="flex-start"
    minW="0"
    p="0"
    h="auto"
    fontSize="2xl"
    fontWeight="bold"
    color="brand.fg"
    textDecoration="underline"
    aria-label={`Team ${team} direct referrals: ${count}`}
    onClick={onClick}
  >
    {formatCount(count)}
  </Button>
);

export default function TeamGlance() {
  const team = useQuery({ queryKey: queryKeys.team.glance(), queryFn: () => callApi('getTeam', {}) });
  const profile = useProfile();
  const [open, setOpen] = useState<'Left' | 'Right' | null>(null);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Team Glance
          </Heading>
          <Text color="fg.muted">
            Your referral network: activation rewards, active members, direct referrals, whole teams and their
            points.
          </Text>
        </Stack>
        {team.isError ? (
          <QueryError what="your team" error={team.error} onRetry={() => team.refetch()} />
        ) : team.isPending ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" aria-busy="true" aria-label="Loading">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h="36" />
            ))}
          </SimpleGrid>
        ) : (
          <>
            {!team.data.placed && (
              <Text color="fg.muted" role="status">
                Your place in the tree is being prepared; the counts appear in a moment.
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <Card title="Activation Profit" icon={LuWallet}>
                <Pair
                  captions={['Today', 'Cumulative']}
                  left={
                    <Big label="Activation profit today">{formatUsdt(team.data.activationProfitToday)}</Big>
                  }
                  right={
                    <Big label="Activation profit in all">{formatUsdt(team.data.activationProfitTotal)}</Big>
                  }
                />
                <Text fontSize="sm" color="fg.muted" mt="3">
                  USDT from direct and binary bonuses.{' '}
                  <Link asChild color="brand.fg" textDecoration="underline">
                    <RouterLink to="/bonus">See your rewards</RouterLink>
                  </Link>
                </Text>
              </Card>
              <Card title="Activation Team" icon={LuBadgeCheck}>
                <Pair
                  left={<Big label="Team 1 active members">{formatCount(team.data.leftActive)}</Big>}
                  right={<Big label="Team 2 active members">{formatCount(team.data.rightActive)}</Big>}
                />
                <Text fontSize="sm" color="fg.muted" mt="3">
                  Members of each team who have activated a plan.
                </Text>
              </Card>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              <Card title="Direct referrals" icon={LuUsers}>
                <Pair
                  left={
                    <ReferralsButton team={1} count={team.data.directLeft} onClick={() => setOpen('Left')} />
                  }
                  right={
                    <ReferralsButton
                      team={2}
                      count={team.data.directRight}
                      onClick={() => setOpen('Right')}
                    />
                  }
                />
              </Card>
              <Card title="Total team" icon={LuNetwork}>
                <Pair
                  left={<Big label="Team 1 total">{formatCount(team.data.leftCount)}</Big>}
                  right={<Big label="Team 2 total">{formatCount(team.data.rightCount)}</Big>}
                />
              </Card>
              <Card title="Active team points" icon={LuTrophy}>
                <Pair
                  left={<Big label="Team 1 points">{pointsText(team.data.leftPoints)}</Big>}
                  right={<Big label="Team 2 points">{pointsText(team.data.rightPoints)}</Big>}
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
