import {
  Badge,
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
import { memo, useCallback, useRef } from 'react';
import type { IconType } from 'react-icons';
import { LuBot, LuCrown, LuPlugZap } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { ProfitStatement } from '#api/schemas/bots';
import type { ExchangesView } from '#api/schemas/exchange';
import { AccountSummary } from '../bots/cockpit/AccountSummary';
import { useRunningBots } from '../bots/cockpit/hooks';
import { RunningBots } from '../bots/cockpit/RunningBots';
import { Marketplace } from '../bots/Marketplace';
import { ReadyDialog } from '../bots/ReadyDialog';
import { useProfitStatement } from '../bots/hooks';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { Deferred } from '../lib/deferred';
import { planOf, useProfile } from '../lib/profile';
import { queryKeys } from '../lib/queryKeys';
import { useWallet } from '../wallet/hooks';

interface StepCard {
  step: number;
  title: string;
  text: string;
  icon: IconType;
  /** A page to go to; without it, the card's button opens the bot marketplace below. */
  action?: { label: string; to: string };
}

const steps: StepCard[] = [
  {
    step: 1,
    title: 'Start Your Bot',
    text: 'Pick a strategy — DCA, grid or futures — set your amount and deploy it. Your bot trades around the clock on your own exchange account.',
    icon: LuBot,
  },
  {
    step: 2,
    title: 'Connect Exchange',
    text: 'Add a Binance or WazirX API key with trading rights only. Withdrawals stay disabled; your funds never leave your exchange.',
    icon: LuPlugZap,
    action: { label: 'Add API key', to: '/exchange' },
  },
  {
    step: 3,
    title: 'Plan Activation',
    text: 'Activate Executive or the Imperial Package from your wallet to unlock bots, Trendex Core and referral rewards.',
    icon: LuCrown,
    action: { label: 'See plans', to: '/pricing' },
  },
];

type View = 'loading' | 'cockpit' | 'steps';

/**
 * Set up: a plan, a key and a bot. From then on the dashboard is the member's cockpit, not the
 * steps; until the three queries have answered, neither (a member with bots would otherwise get the
 * steps rendered, then thrown away: ~250 ms of a phone's main thread).
 */
function useView() {
  const profile = useProfile();
  const exchanges = useQuery({ queryKey: queryKeys.exchanges(), queryFn: () => callApi('getExchanges', {}) });
  const running = useRunningBots();
  const view: View =
    profile.isPending || exchanges.isPending || running.isPending
      ? 'loading'
      : !!profile.data?.plan.isActive &&
          !!exchanges.data?.exchanges.some((e) => e.connected) &&
          (running.data?.bots.length ?? 0) > 0
        ? 'cockpit'
        : 'steps';
  return { view, exchanges, running };
}

/**
 * The dashboard's frame reads no query, so it renders once: each query's answer renders at once,
 * in one task (TanStack Query's store updates are never sliced), only the part that reads it; the
 * large parts get the answers through deferred values (lib/deferred.tsx), rendered in slices that
 * yield to the browser.
 */
export default function Dashboard() {
  const marketplace = useRef<HTMLDivElement>(null);
  // stable, so the memoised steps and dialog below do not render again
  const openMarketplace = useCallback(() => {
    marketplace.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    marketplace.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Greeting />
        <ChosenView onOpenMarketplace={openMarketplace} />
        {/* below the first screen on a phone: the browser skips its style, layout and paint until
            it comes near the viewport (as the home page's sections), so the style recalculations
            the cockpit's and the cards' commits set off do not go through its fourteen cards */}
        <Stack
          as="section"
          aria-labelledby="marketplace-title"
          ref={marketplace}
          tabIndex={-1}
          gap="4"
          scrollMarginTop="24"
          outline="none"
          css={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 1500px' }}
        >
          <Stack gap="1">
            <Heading as="h2" size="xl" id="marketplace-title">
              Bot marketplace
            </Heading>
            <Text color="fg.muted">Every bot, what it trades and whether it runs for you now.</Text>
          </Stack>
          <Marketplace />
        </Stack>
      </Stack>
      <MemoReadyDialog onOpenMarketplace={openMarketplace} />
    </Container>
  );
}

function Greeting() {
  const profile = useProfile();
  const firstName = profile.data?.name.split(' ')[0];
  return (
    <>
      <Stack gap="2">
        {/* placeholders of the heading's and the badge's size: nothing moves when they arrive */}
        {profile.isPending ? (
          <Skeleton h={{ base: '8', md: '2.375rem' }} w="64" />
        ) : (
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
          </Heading>
        )}
        <HStack gap="2" flexWrap="wrap">
          <ViewSubtitle />
          {profile.isPending && <Skeleton h="5" w="24" />}
          {profile.data && (
            <Badge colorPalette={profile.data.plan.isActive ? 'green' : 'gray'} variant="subtle">
              Plan: {planOf(profile.data).label}
            </Badge>
          )}
          {/* No plan PDF ships (docs/decisions/plans-and-core-income.md, "No plan PDF"): the plans'
              details are the Pricing page. */}
          <Link asChild fontSize="sm" colorPalette="brand">
            <RouterLink to="/pricing">Plan details</RouterLink>
          </Link>
        </HStack>
      </Stack>
      {profile.isError && (
        <QueryError what="your profile" error={profile.error} onRetry={() => profile.refetch()} />
      )}
    </>
  );
}

function ViewSubtitle() {
  return <Deferred component={Subtitle} view={useView().view} />;
}

function ChosenView({ onOpenMarketplace }: { onOpenMarketplace: () => void }) {
  const { view, exchanges, running } = useView();
  // the cockpit's figures are read here, not in the cockpit: a deferred render reads no query
  const wallet = useWallet(view === 'cockpit');
  const profit = useProfitStatement(view === 'cockpit');
  return (
    <Deferred
      component={Body}
      view={view}
      exchanges={exchanges.data}
      wallet={wallet.data}
      profit={profit.data}
      running={running}
      onOpenMarketplace={onOpenMarketplace}
    />
  );
}

const Subtitle = memo(function Subtitle({ view }: { view: View }) {
  if (view === 'loading') return <Skeleton h="5" w="64" />;
  return (
    <Text color="fg.muted">
      {view === 'cockpit'
        ? 'Your bots and balances at a glance.'
        : 'Three steps to your first automated trade.'}
    </Text>
  );
});

/** The view chosen, from the answers the dashboard read (lib/deferred.tsx: no query read here). */
const Body = memo(function Body({
  view,
  exchanges,
  wallet,
  profit,
  running,
  onOpenMarketplace,
}: {
  view: View;
  exchanges: ExchangesView | undefined;
  wallet: ReturnType<typeof useWallet>['data'];
  profit: ProfitStatement | undefined;
  running: ReturnType<typeof useRunningBots>;
  onOpenMarketplace: () => void;
}) {
  if (view === 'loading') return <StepsPlaceholder />;
  if (view === 'steps') return <SetUpSteps onOpenMarketplace={onOpenMarketplace} />;
  return (
    <>
      <AccountSummary exchanges={exchanges} wallet={wallet} profit={profit} />
      <RunningBots query={running} />
    </>
  );
});

/**
 * The dashboard's parts that its queries' answers would otherwise render again in one unsliced
 * task each (TanStack Query's store updates are synchronous): memoised, and fed deferred values.
 */
const SetUpSteps = memo(function SetUpSteps({ onOpenMarketplace }: { onOpenMarketplace: () => void }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
      {steps.map(({ step, title, text, icon: Icon, action }) => (
        <Stack
          key={title}
          as="section"
          aria-label={title}
          bg="bg.surface"
          borderWidth="1px"
          borderColor="border.card"
          borderRadius="xl"
          p="6"
          gap="4"
          boxShadow="xs"
        >
          <HStack justify="space-between">
            <Box bg="brand.subtle" color="brand.fg" p="3" borderRadius="lg" fontSize="xl" aria-hidden>
              <Icon />
            </Box>
            <Text fontSize="sm" fontWeight="bold" color="fg.subtle">
              Step {step}
            </Text>
          </HStack>
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          <Text color="fg.muted" flex="1">
            {text}
          </Text>
          {action ? (
            <Button
              asChild
              colorPalette="brand"
              variant={step === 3 ? 'solid' : 'outline'}
              alignSelf="flex-start"
            >
              <RouterLink to={action.to}>{action.label}</RouterLink>
            </Button>
          ) : (
            <Button colorPalette="brand" alignSelf="flex-start" onClick={onOpenMarketplace}>
              Start Your Bot
            </Button>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
});

/**
 * The steps' place while the queries answer: their grid of three cards as skeletons, so the
 * marketplace below starts where it would with the steps (what follows moves no more than it
 * did), without rendering the steps a member with running bots will not see.
 */
const StepsPlaceholder = memo(function StepsPlaceholder() {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" aria-hidden>
      {steps.map(({ title }) => (
        <Skeleton key={title} h="72" borderRadius="xl" />
      ))}
    </SimpleGrid>
  );
});

const MemoReadyDialog = memo(ReadyDialog);
