import { Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { QueryError } from '../components/QueryError';
import { BotFacts, BotPageFrame, Disclaimer } from './BotInfo';
import { Panel } from '../components/Panel';
import { ClosedOrdersList } from './ClosedOrdersList';
import { BotCockpit } from './cockpit/BotCockpit';
import { hasCockpit } from './cockpit/hooks';
import { LazyBacktestTheseSettings } from './backtest/LazyBacktestTheseSettings';
import { DeployPanel } from './DeployPanel';
import { EvidencePanel } from './Evidence';
import { useBots, useBotsFollowPushes } from './hooks';
import { PositionsList } from './PositionsList';

const BacktestPanel = lazy(() => import('./backtest/BacktestPanel'));

/** Trendex AI bot (classic): the spot grid, its deploy form with the initial amount, and its grid positions. */
export default function ClassicPage() {
  const bots = useBots();
  useBotsFollowPushes();
  const card = bots.data?.bots.find((b) => b.id === 'classic');
  return (
    <BotPageFrame eyebrow="Spot grid bot" title="Trendex AI bot" lead={card?.summary ?? ''}>
      {bots.isError && <QueryError what="the bot" error={bots.error} onRetry={() => bots.refetch()} />}
      <Panel title="How it did in testing">
        {card ? <EvidencePanel evidence={card.evidence} name="Trendex" /> : <Skeleton h="32" />}
      </Panel>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <Panel title="About Trendex">
          {bots.isPending ? (
            <Skeleton h="32" />
          ) : (
            <Stack gap="3">
              <BotFacts card={card} tags={['Spot', 'Grid', 'Limit orders']} />
              <Text fontSize="sm" color="fg.muted">
                It cannot be undeployed while a bought lot waits for its sale.
              </Text>
            </Stack>
          )}
          <Disclaimer />
        </Panel>
        <Panel title="Deploy">
          {bots.isPending ? <Skeleton h="32" /> : <DeployPanel bot="classic" card={card} style="classic" />}
        </Panel>
      </Grid>
      {hasCockpit(card?.deployment) && <BotCockpit id={card.deployment.id} name="Trendex" />}
      <Panel title="Grid positions">
        <PositionsList
          bot="classic"
          label="Trendex grid positions"
          empty="No open grid position. Bought levels show here until the grid sells them."
        />
      </Panel>
      <Panel title="Your live trades (real fills)">
        <ClosedOrdersList
          bot="classic"
          label="Your Trendex trades"
          empty="No closed grid trade yet. Each sale one level above its buy shows here with its profit."
        />
      </Panel>
      <Panel title="Backtest">
        <Suspense fallback={<Skeleton h="72" />}>
          <BacktestPanel bot="classic" />
        </Suspense>
      </Panel>
      <Panel title="Backtest these settings">
        <LazyBacktestTheseSettings bot="classic" />
      </Panel>
    </BotPageFrame>
  );
}
