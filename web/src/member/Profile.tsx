import {
  Badge,
  Button,
  Container,
  DataList,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { BOT_NAMES } from '#api/bots';
import { BenefitList } from '../components/BenefitList';
import { Panel } from '../components/Panel';
import { QueryError } from '../components/QueryError';
import { BotEmailChoices } from './BotEmailChoices';
import { dayText } from '../lib/dates';
import { daysRemaining, planOf, useProfile } from '../lib/profile';

const fmtDate = (iso: string | null) => (iso ? dayText(iso) : '—');

export default function Profile() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <Container maxW="5xl" py="12" px={{ base: '4', md: '6' }}>
        <Stack gap="4" aria-busy="true" aria-label="Loading">
          <Skeleton h="10" w="72" />
          <Skeleton h="56" />
          <Skeleton h="48" />
        </Stack>
      </Container>
    );
  }
  if (profile.isError) {
    return (
      <Container maxW="5xl" py="12" px={{ base: '4', md: '6' }}>
        <QueryError what="your profile" error={profile.error} onRetry={() => profile.refetch()} />
      </Container>
    );
  }

  const p = profile.data;
  const { label, plan } = planOf(p);
  const remaining = daysRemaining(p.plan.expiresAt);
  const details: [string, string][] = [
    ['Full Name', p.name],
    ['E-mail', p.email],
    ['Phone', p.phone],
    ['Username', p.username],
    ['Rank', p.rankName],
    // a bot an admin granted beyond the plan (admin profile edit)
    ...(p.grantedBot
      ? ([['Extra bot', `${BOT_NAMES[p.grantedBot]} (granted by Trendex)`]] as [string, string][])
      : []),
  ];

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Hello, {p.name}
          </Heading>
          <Text color="fg.muted">Your account and plan details.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Panel title="Personal details">
            <DataList.Root orientation="horizontal" gap="4">
              {details.map(([k, v]) => (
                <DataList.Item key={k}>
                  <DataList.ItemLabel minW="28">{k}</DataList.ItemLabel>
                  <DataList.ItemValue wordBreak="break-word">{v || '—'}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Panel>
          <Panel
            title="Plan Details"
            aside={
              <Button asChild size="sm" colorPalette="brand" variant="outline">
                <RouterLink to="/pricing">{p.plan.expiresAt ? 'Extend Plan' : 'Choose a plan'}</RouterLink>
              </Button>
            }
          >
            <DataList.Root orientation="horizontal" gap="4">
              <DataList.Item>
                <DataList.ItemLabel minW="28">Membership Plan</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge colorPalette={plan ? (p.plan.isGold ? 'yellow' : 'blue') : 'gray'} size="md">
                    {label}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel minW="28">Start Date</DataList.ItemLabel>
                <DataList.ItemValue>{fmtDate(p.plan.activatedAt)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel minW="28">End Date</DataList.ItemLabel>
                <DataList.ItemValue>{fmtDate(p.plan.expiresAt)}</DataList.ItemValue>
              </DataList.Item>
              {p.plan.expiresAt && (
                <DataList.Item>
                  <DataList.ItemLabel minW="28">Remaining</DataList.ItemLabel>
                  <DataList.ItemValue color={remaining === null ? 'red.fg' : 'gain.fg'} fontWeight="medium">
                    {remaining === null ? 'Plan Expired.' : `${remaining} days remaining.`}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.ItemLabel minW="28">Benefits</DataList.ItemLabel>
                <DataList.ItemValue>
                  {plan ? (
                    <BenefitList benefits={plan.benefits} gap="1" />
                  ) : (
                    <Text color="fg.muted">Activate a plan to unlock trading bots and Trendex Core.</Text>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Panel>
        </SimpleGrid>
        <Panel title="Bot notifications">
          <BotEmailChoices />
        </Panel>
      </Stack>
    </Container>
  );
}
