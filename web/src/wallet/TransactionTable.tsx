import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { WalletName } from '#api/schemas/wallet';
import { CursorPager, useCursorPages } from '../components/CursorPager';
import { MovementsTable } from '../components/MovementsTable';
import { QueryError } from '../components/QueryError';
import { useTransactions } from './hooks';

const PAGE = 10;

const palette = (type: string, amount: number) =>
  type === 'Deposit' ? 'green' : type.startsWith('Withdraw') ? (amount < 0 ? 'red' : 'orange') : 'blue';

/** The Latest Transaction table: date, type, amount; newest first, paged with the API's cursor. */
export function TransactionTable({
  wallet,
  title = 'Latest Transaction',
}: {
  wallet?: WalletName;
  title?: string;
}) {
  const pages = useCursorPages();
  const query = useTransactions(PAGE, pages.cursor, wallet);

  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
    >
      <Text as="h2" fontSize="lg" fontWeight="semibold" mb="4">
        {title}
      </Text>
      {query.isPending ? (
        <Stack gap="2" aria-busy="true" aria-label="Loading transactions">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="8" />
          ))}
        </Stack>
      ) : query.isError ? (
        <QueryError what="your transactions" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Text color="fg.muted">No transactions yet. Top up your wallet to get started.</Text>
      ) : (
        <>
          <MovementsTable
            label={title}
            rows={query.data.items.map((t) => ({ ...t, key: t.id, palette: palette(t.type, t.amount) }))}
          />
          <Box mt="4">
            <CursorPager pages={pages} nextCursor={query.data.cursor} />
          </Box>
        </>
      )}
    </Box>
  );
}
