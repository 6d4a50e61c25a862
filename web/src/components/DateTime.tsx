import { Box } from '@chakra-ui/react';
import { dateTimeText } from '../lib/dates';

/**
 * "26 Nov 2026, 16:12" in a narrow column: it may wrap between the day and the time, never inside
 * either, so a phone keeps the time without the table scrolling sideways. (A table cell says
 * nowrap: the break is this element's own.)
 */
export function DateTime({ at }: { at: string | number | Date }) {
  const [day, time] = dateTimeText(at).split(', ');
  return (
    <Box asChild whiteSpace="normal">
      <time dateTime={new Date(at).toISOString()}>
        <Box as="span" whiteSpace="nowrap">
          {day},
        </Box>{' '}
        <Box as="span" whiteSpace="nowrap">
          {time}
        </Box>
      </time>
    </Box>
  );
}
