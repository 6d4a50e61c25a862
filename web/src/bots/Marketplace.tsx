import { Badge, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BotCard, BotsView } from '#api/schemas/bots';
import { QueryError } from '../components/QueryError';
import { Deferred } from '../lib/deferred';
import { formatCount } from '../lib/format';
import { pageOf } from './catalog';
import { EvidenceLines, LostInTesting } from './Evidence';
import { useBots } from './hooks';

const running = (b: BotCard) => b.deployment?.status === 'active' || b.deployment?.status === 'stopping';

function MarketCard({ bot, plan }: { bot: BotCard; plan: BotsView['plan'] }) {
  // Spec, Dashboard: "The Trendex bot start button is disabled unless the user is gold."
  const disabled = bot.id === 'classic' && plan !== 'gold';
  return (
    <Stack
      as="article"
      aria-label={bot.name}
      bg="bg.surface"
      borderWidth="1px"
      borderColor={running(bot) ? 'gain.solid' : 'border.card'}
      borderRadius="xl"
      p="5"
      gap="3"
    >
      <HStack justify="space-between" align="start" gap="2">
        <Heading as="h3" size="md">
          {bot.name}
        </Heading>
        {running(bot) ? (
          <Badge colorPalette="green" variant="subtle">
            Active
          </Badge>
        ) : (
          <Badge colorPalette={bot.tier === 'gold' ? 'yellow' : 'gray'} variant="subtle">
            {bot.tier === 'gold' ? 'Imperial Package' : 'Executive'}
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {bot.summary}
      </Text>
      {/* The evidence comes before the button (issue 28). */}
      <LostInTesting evidence={bot.evidence} />
      <Stack flex="1">
        <EvidenceLines evidence={bot.evidence} symbol={bot.symbol} />
      </Stack>
      <Text fontSize="xs" color="fg.subtle">
        {bot.symbol} · {bot.market === 'futures' ? `futures ${bot.leverage}x` : 'spot'} ·{' '}
        {bot.minimum > 0 ? `from ${formatCount(bot.minimum)} USDT` : 'your amount'}
      </Text>
      {disabled ? (
        <Button colorPalette="brand" size="sm" disabled aria-label={`Start ${bot.name}`}>
          Start (Imperial Package only)
        </Button>
      ) : (
        <Button asChild colorPalette="brand" size="sm" variant={running(bot) ? 'outline' : 'solid'}>
          <RouterLink to={pageOf(bot.id)} aria-label={`${running(bot) ? 'Open' : 'Start'} ${bot.name}`}>
            {running(bot) ? 'Open' : 'Start'}
            {/* the link's text names its bot for search engines too (a bare "Start" says nothing) */}
            <Text as="span" srOnly>
              {' '}
              {bot.name}
            </Text>
          </RouterLink>
        </Button>
      )}
      {!bot.unlocked && !disabled && (
        <Text fontSize="xs" color="fg.muted">
          Needs the {bot.tier === 'gold' ? 'Imperial Package' : 'Executive plan'}.
        </Text>
      )}
    </Stack>
  );
}

/**
 * Every bot from getBots, with its state and a start button leading to its page. Its fourteen
 * cards are the dashboard's costliest part to render, so they never render in the task in which
 * a query answers (React cannot slice that render; on a phone it blocked for most of a second):
 * memoised, the dashboard's own queries do not render them again, and the bots' answer reaches
 * the grid through a deferred value (lib/deferred.tsx), which React renders in slices that yield
 * to the browser. The grid reads no query itself: a refetch of the bots while it renders would
 * make React render it again in one blocking task.
 */
export const Marketplace = memo(function Marketplace() {
  const bots = useBots();
  if (bots.isError) return <QueryError what="the bots" error={bots.error} onRetry={() => bots.refetch()} />;
  return <Deferred component={MarketGrid} view={bots.data} />;
});

const MarketGrid = memo(function MarketGrid({ view }: { view: BotsView | undefined }) {
  if (!view) return <Skeleton h="48" />;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      {view.bots.map((b) => (
        <MarketCard key={b.id} bot={b} plan={view.plan} />
      ))}
    </SimpleGrid>
  );
});
