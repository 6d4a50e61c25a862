import {
  Badge,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { membershipIncludes } from '#api/plans';
import type { PlanOption } from '#api/schemas/plans';
import { BenefitList } from '../components/BenefitList';
import { QueryError } from '../components/QueryError';
import { BalanceCard } from './BalanceCard';
import { formatUsdt } from '../lib/format';
import { dayText } from '../lib/dates';
import { PLANS } from '../lib/plans';
import { usePlans, useWallet } from './hooks';
import { PlanSubscribeModal } from './PlanActivation';
import { TopUpDialog } from './TopUpDialog';
import { TransactionTable } from './TransactionTable';
import { RewardsTab } from '../team/RewardsPage';
import { WithdrawDialog } from './WithdrawDialog';

/** The memberships that include a Core plan, in words: "Included in Executive and the Imperial Package". */
const includedWith = (plan: 'core' | 'premiumCore'): string =>
  `Included in ${PLANS.filter((p) => membershipIncludes[p.id][plan])
    .map((p) => (p.id === 'imperial' ? `the ${p.name}` : p.name))
    .join(' and ')}`;

const CORE_PLANS: { plan: 'core' | 'premiumCore'; benefits: string[] }[] = [
  {
    plan: 'core',
    benefits: ['Share of the Trendex Core profit pool', 'Daily Trendex Core income', includedWith('core')],
  },
  {
    plan: 'premiumCore',
    benefits: [
      'Share of the Premium Trendex Core pool',
      'Daily Premium Trendex Core income',
      includedWith('premiumCore'),
    ],
  },
];

/**
 * /trendex: the Trendex Core wallet, the two Core plans and their income. A Core plan the member's
 * membership includes reads "Included", with no price and no Subscribe (issue 28).
 */
export default function CorePage() {
  const wallet = useWallet();
  const plans = usePlans();
  const [topUp, setTopUp] = useState(false);
  const [withdraw, setWithdraw] = useState(false);
  // the plan chosen and its dialog's title, fixed at the click (buying it changes the offer)
  const [subscribe, setSubscribe] = useState<{ plan: PlanOption; title: string } | null>(null);
  const [subscribeOpen, setSubscribeOpen] = useState(false);

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Trendex Core
          </Heading>
          <Text color="fg.muted">
            A share of the platform&apos;s trading profit pool, paid to Core members.
          </Text>
        </Stack>
        {wallet.isError ? (
          <QueryError what="your Trendex Core wallet" error={wallet.error} onRetry={() => wallet.refetch()} />
        ) : (
          <BalanceCard
            title="Total Wallet Balance"
            total={wallet.data?.wallet1}
            loading={wallet.isPending}
            figures={[{ label: 'Trendex Core wallet', value: wallet.data?.wallet1 }]}
            onTopUp={() => setTopUp(true)}
            onWithdraw={() => setWithdraw(true)}
          />
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {CORE_PLANS.map(({ plan, benefits }) => {
            const offer = plans.data?.offers.find((o) => o.plan === plan);
            const owned = plan === 'core' ? plans.data?.isCore : plans.data?.isPremiumCore;
            // each Core plan runs its own year from its purchase (docs/decisions/plans-and-core-income.md,
            // "Each plan has its own period")
            const until = plan === 'core' ? plans.data?.coreExpiresAt : plans.data?.premiumCoreExpiresAt;
            return (
              <Stack
                key={plan}
                as="section"
                aria-label={`${offer?.name ?? plan} plan`}
                bg="bg.surface"
                borderWidth="1px"
                borderColor="border.card"
                borderRadius="2xl"
                p="6"
                gap="4"
              >
                <HStack justify="space-between">
                  <Heading as="h2" size="xl">
                    {offer?.name ?? (plan === 'core' ? 'Trendex Core' : 'Premium Trendex Core')}
                  </Heading>
                  {offer?.includedIn ? (
                    <Badge colorPalette="green">Included</Badge>
                  ) : (
                    owned && <Badge colorPalette="green">Active</Badge>
                  )}
                </HStack>
                {owned && until && !offer?.includedIn && (
                  <Text fontSize="sm" color="fg.muted">
                    Active until {dayText(until)}
                  </Text>
                )}
                {/* a plan the membership includes is the member's already: no price, no offer */}
                {!offer?.includedIn && (
                  <Stack gap="0">
                    <Text fontSize="3xl" fontWeight="800">
                      {offer ? formatUsdt(offer.price) : '…'} USDT
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      Paid from your Trendex Core wallet
                    </Text>
                  </Stack>
                )}
                <BenefitList benefits={benefits} gap="2" flex="1" />
                {offer && !offer.enabled && (
                  <Text
                    fontSize="sm"
                    color={offer.includedIn ? 'fg' : 'fg.muted'}
                    fontWeight={offer.includedIn ? 'semibold' : undefined}
                  >
                    {offer.reason}
                  </Text>
                )}
                {!offer?.includedIn && (
                  <Button
                    colorPalette="brand"
                    disabled={!offer?.enabled}
                    aria-label={
                      offer?.renews ? `Extend Plan (${offer.name})` : `Subscribe to ${offer?.name ?? plan}`
                    }
                    onClick={() => {
                      if (!offer) return;
                      setSubscribe({
                        plan,
                        title: `${offer.renews ? 'Extend' : 'Subscribe to'} ${offer.name}`,
                      });
                      setSubscribeOpen(true);
                    }}
                  >
                    {offer?.renews ? 'Extend Plan' : 'Subscribe'}
                  </Button>
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
        <Box
          bg="bg.surface"
          borderWidth="1px"
          borderColor="border.card"
          borderRadius="xl"
          p={{ base: '4', md: '6' }}
        >
          <Tabs.Root defaultValue="income" variant="line">
            <Tabs.List>
              <Tabs.Trigger value="income">Trendex Core Income</Tabs.Trigger>
              <Tabs.Trigger value="transactions">Transaction Detail</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="income">
              <RewardsTab tab="trading" title="Trendex Core Income" />
            </Tabs.Content>
            <Tabs.Content value="transactions">
              <TransactionTable wallet="wallet1" title="Transaction Detail" />
            </Tabs.Content>
          </Tabs.Root>
        </Box>
      </Stack>
      <TopUpDialog open={topUp} onOpenChange={setTopUp} wallet="wallet1" />
      <WithdrawDialog
        open={withdraw}
        onOpenChange={setWithdraw}
        wallet="wallet1"
        balance={wallet.data?.wallet1}
      />
      {subscribe && (
        <PlanSubscribeModal
          plan={subscribe.plan}
          title={subscribe.title}
          open={subscribeOpen}
          onOpenChange={setSubscribeOpen}
        />
      )}
    </Container>
  );
}
