import { Badge } from '@chakra-ui/react';
import type { BotState } from '#api/schemas/cockpit';

const palette: Record<BotState['name'], string> = {
  waiting: 'blue',
  position: 'green',
  paused: 'yellow',
  killed: 'red',
  attention: 'orange',
  stopping: 'gray',
  stopped: 'gray',
};

/** A bot's state as a coloured word ("In a position"); the words carry it, the colour only helps. */
export function StateBadge({ state }: { state: BotState }) {
  return (
    <Badge colorPalette={palette[state.name]} variant="subtle" size="md">
      {state.label}
    </Badge>
  );
}
