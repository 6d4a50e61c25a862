import { Button } from '@chakra-ui/react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryError } from './QueryError';

/**
 * The foot of a list read page by page (TanStack infinite query): "Load more" while there is a
 * next page, and the error of a next page that failed, with Retry, where it happened.
 */
export function LoadMore({
  query,
  what,
  size,
}: {
  query: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'
  >;
  /** What the next page holds, for the error: "more members". */
  what: string;
  size?: 'sm' | 'md';
}) {
  return (
    <>
      {query.isFetchNextPageError && (
        <QueryError what={what} error={query.error} onRetry={() => query.fetchNextPage()} />
      )}
      {query.hasNextPage && (
        <Button
          alignSelf="center"
          size={size}
          variant="outline"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </>
  );
}
