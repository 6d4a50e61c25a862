import { Box, Grid, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { BOT_NAMES } from '#api/bots';
import { QueryError } from '../components/QueryError';
import { BotFacts, BotPageFrame, Disclaimer, Faq } from './BotInfo';
import { Panel } from '../components/Panel';
import { BotCockpit } from './cockpit/BotCockpit';
import { hasCockpit } from './cockpit/hooks';
import { signalBotByPath } from './catalog';
import { ClosedOrdersList } from './ClosedOrdersList';
import { LazyBacktestTheseSettings } from './backtest/LazyBacktestTheseSettings';
import { DeployPanel } from './DeployPanel';
import { EvidencePanel } from './Evidence';
import { useBots, useBotsFollowPushes } from './hooks';

// The published backtests (all bots' runs, a few hundred KB of JSON) load only on a bot page.
const BacktestPanel = lazy(() => import('./backtest/BacktestPanel'));

/**
 * Zeno, Candles, Zeno 3X, Candles 3X, Glint ETH, Nero, Quant and Alpha: one page, chosen by its
 * route. How it did in testing, what the bot is, its deploy buttons, its backtest and the member's
 * own live trades.
 */
export default function SignalBotPage() {
  const page = signalBotByPath(useLocation().pathname);
  const bots = useBots();
  useBotsFollowPushes();
  if (!page) return null;
  const card = bots.data?.bots.find((b) => b.id === page.id);
  const name = BOT_NAMES[page.id];

  return (
    <BotPageFrame eyebrow="Futures trading bot" title={name} lead={card?.summary ?? ''}>
      {bots.isError && <QueryError what="the bot" error={bots.error} onRetry={() => bots.refetch()} />}
      {/* The evidence comes before the button (issue 28). */}
      <Panel title="How it did in testing">
        {card ? <EvidencePanel evidence={card.evidence} name={name} /> : <Skeleton h="32" />}
      </Panel>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <Panel title={`About ${name}`}>
          {bots.isPending ? (
            <Skeleton h="32" />
          ) : (
            <BotFacts card={card} tags={page.tags} created={page.created} />
          )}
          <Disclaimer futures />
        </Panel>
        <Panel title={page.style === 'activate' ? 'Activate' : 'Deploy'}>
          {bots.isPending ? (
            <Skeleton h="32" />
          ) : (
            <DeployPanel bot={page.id} card={card} style={page.style} />
          )}
        </Panel>
      </Grid>

      {hasCockpit(card?.deployment) && <BotCockpit id={card.deployment.id} name={name} />}

      <Panel title="Your live trades (real fills)">
        <Text fontSize="sm" color="fg.muted">
          What {name} closed on your own exchange account, with the exchange's fees taken off.
        </Text>
        <ClosedOrdersList
          bot={page.id}
          label={`Your ${name} trades`}
          empty={`No closed ${name} trades yet. Once deployed, the bot trades on the close of each candle.`}
        />
      </Panel>

      <Panel title="Backtest">
        <Suspense fallback={<Skeleton h="72" />}>
          <BacktestPanel bot={page.id} />
        </Suspense>
      </Panel>

      <Panel title="Backtest these settings">
        <LazyBacktestTheseSettings bot={page.id} />
      </Panel>

      {page.faq && (
        <Panel title="FAQ">
          <Box>
            <Faq items={page.faq} />
          </Box>
        </Panel>
      )}
    </BotPageFrame>
  );
}
