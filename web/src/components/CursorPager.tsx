import { Button, HStack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';

/**
 * Numbered pages over an API that pages by cursor: the cursors of the pages seen so far, so
 * Previous goes back without the server knowing page numbers.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const reset = useCallback(() => setCursors([undefined]), []);
  return {
    /** The cursor of the page to show (undefined: the first). */
    cursor: cursors[cursors.length - 1],
    page: cursors.length - 1,
    next: (cursor: string | undefined) => setCursors((c) => [...c, cursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    reset,
  };
}

/** "Page n" with Previous and Next; Next is enabled while the page shown has a next cursor. */
export function CursorPager({
  pages,
  nextCursor,
}: {
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | undefined;
}) {
  return (
    <HStack justify="space-between" w="full">
      <Text fontSize="sm" color="fg.muted">
        Page {pages.page + 1}
      </Text>
      <HStack>
        <Button size="sm" variant="outline" disabled={pages.page === 0} onClick={pages.previous}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={!nextCursor} onClick={() => pages.next(nextCursor)}>
          Next
        </Button>
      </HStack>
    </HStack>
  );
}
