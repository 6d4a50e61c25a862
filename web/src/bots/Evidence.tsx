/**
 * What a bot did in its out-of-sample tests, period by period, next to buying and holding the same
 * coin: the return, the worst drop, and whether the kill switch halted it. Shown on every card and
 * bot page before any deploy control (engine/published, through getBots). A bot that lost money in a
 * period says so first.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import type { BotEvidence } from '#api/schemas/bots';

type Period = BotEvidence['periods'][number];

const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)}%`;
const years = (p: Period) => {
  const [from, , to] = p.period.split(' ');
  return `${from.slice(0, 4)}–${to.slice(2, 4)}`;
};
const halt = (p: Period) =>
  p.haltedOn
    ? `halted by the kill switch on ${format(new Date(p.haltedOn), 'd MMM yyyy')}`
    : 'never halted by the kill switch';

/** "Lost money in testing", or nothing. */
export function LostInTesting({ evidence }: { evidence: BotEvidence }) {
  if (!evidence.lostMoneyInTesting) return null;
  return (
    <Badge colorPalette="red" variant="solid" whiteSpace="normal">
      Lost money in testing
    </Badge>
  );
}

/** One line a period for a marketplace card. */
export function EvidenceLines({ evidence, symbol }: { evidence: BotEvidence; symbol: string }) {
  const coin = symbol.replace(/USDT$/, '');
  return (
    <Stack gap="1" fontSize="xs" aria-label="Out-of-sample tests">
      {evidence.periods.map((p) => (
        <Text key={p.period} color="fg.muted">
          <Text as="span" fontWeight="semibold" color="fg">
            Tested {years(p)}:
          </Text>{' '}
          <Text as="span" color={p.returnPct < 0 ? 'red.fg' : 'fg'} fontWeight="semibold">
            {p.returnPct < 0 ? 'lost' : 'made'} {signed(p.returnPct)}
          </Text>{' '}
          (holding {coin} {signed(p.holdReturnPct)}), worst drop {p.maxDrawdownPct.toFixed(1)}%,{' '}
          {p.haltedOn ? (
            <Text as="span" color="red.fg">
              {halt(p)}
            </Text>
          ) : (
            halt(p)
          )}
          .
        </Text>
      ))}
    </Stack>
  );
}

/** The bot page's full account of its tests, in sentences. */
export function EvidencePanel({ evidence, name }: { evidence: BotEvidence; name: string }) {
  return (
    <Stack gap="4">
      <HStack gap="2" flexWrap="wrap">
        <LostInTesting evidence={evidence} />
        {evidence.meetsGoal === false && (
          <Badge colorPalette="orange" variant="subtle" whiteSpace="normal">
            Misses the futures goal
          </Badge>
        )}
        <Text fontSize="sm" color="fg.muted">
          Backtests on real Binance candles the parameters were not chosen on (out-of-sample), fees included.
          Not live results.
        </Text>
      </HStack>
      <Stack as="ul" gap="3" listStyleType="none">
        {evidence.periods.map((p) => (
          <Box as="li" key={p.period} borderWidth="1px" borderColor="border.card" borderRadius="lg" p="3">
            <Text fontWeight="semibold">
              {p.period} ({p.interval === '1h' ? 'hourly candles' : 'hourly candles from the 15-minute file'})
            </Text>
            <Text>
              {name}{' '}
              <Text as="strong" color={p.returnPct < 0 ? 'red.fg' : 'gain.fg'}>
                {p.returnPct < 0 ? 'lost' : 'made'} {signed(p.returnPct)}
              </Text>
              ; buying and holding the coin instead {p.holdReturnPct < 0 ? 'lost' : 'made'}{' '}
              {signed(p.holdReturnPct)}. Its worst drop from a high was {p.maxDrawdownPct.toFixed(1)}%
              (holding: {p.holdMaxDrawdownPct.toFixed(1)}%), and it was {halt(p)}.
            </Text>
          </Box>
        ))}
      </Stack>
      {evidence.misses.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Where it falls short of the goal (every period positive, profit factor at least 1.1, worst drop at
          most 20% and below holding, never halted): {evidence.misses.join('; ')}.
        </Text>
      )}
    </Stack>
  );
}
