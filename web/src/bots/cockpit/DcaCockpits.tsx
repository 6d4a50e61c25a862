import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useDcaPositions } from '../hooks';
import { dateText } from '../format';
import { BotCockpit } from './BotCockpit';

/** The DCA page's cockpits: one tab per running DCA bot, its state, journal and backtest comparison. */
export function DcaCockpits() {
  const list = useDcaPositions();
  const positions = list.data?.positions ?? [];
  if (positions.length === 0) return null;
  return (
    <Stack gap="3">
      <Tabs.Root defaultValue={positions[0].id} variant="enclosed" lazyMount unmountOnExit>
        <Tabs.List flexWrap="wrap" aria-label="Your DCA bots">
          {positions.map((p) => (
            <Tabs.Trigger key={p.id} value={p.id}>
              {p.name} · {p.symbol}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {positions.map((p) => (
          <Tabs.Content key={p.id} value={p.id}>
            <Stack gap="6">
              <Text fontSize="sm" color="fg.muted">
                Deployed {dateText(p.deployedAt)}
              </Text>
              <BotCockpit id={p.id} name={p.name} />
            </Stack>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
