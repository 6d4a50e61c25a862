/**
 * Search Profile (/searchprofile): a keyword and what it is (Username, E-mail, Sponsor Id, Mobile
 * No), Submit; the matching members with their wallet balance and an Edit button that opens the
 * edit modal (name, bot, rank, balance to add). A sponsor id lists the members that sponsor
 * referred; a mobile number every member with it; both page with "Load more".
 */
import { Badge, Button, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPencil, LuSearch } from 'react-icons/lu';
import type { ResponseOf } from '#api/routes';
import type { ProfileSearchBy } from '#api/schemas/admin';
import { NativeChoice } from '../components/NativeChoice';
import { QueryError } from '../components/QueryError';
import { LoadMore } from '../components/LoadMore';
import { callApi } from '../lib/api';
import { formatUsdt } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';
import { ProfileEditDialog, type ProfileRow } from './ProfileSearchEdit';
import { MemberTrades } from './trading/MemberTrades';
import { ScrollTable } from '../components/ScrollTable';

type SearchPage = ResponseOf<'searchProfiles'>;

const KEYS: { by: ProfileSearchBy; label: string; placeholder: string; help: string }[] = [
  { by: 'username', label: 'Username', placeholder: 'username', help: 'The exact username.' },
  { by: 'email', label: 'E-mail', placeholder: 'member@example.com', help: 'The exact e-mail address.' },
  {
    by: 'sponsor',
    label: 'Sponsor Id',
    placeholder: 'sponsor username',
    help: "The sponsor's username (referral id): lists the members that sponsor referred.",
  },
  {
    by: 'mobile',
    label: 'Mobile No',
    placeholder: '98765 43210 or +91 98765 43210',
    help: 'The number without the country code finds it in every country; with + and the code, that number only.',
  },
];

const PAGE = 20;

interface Search {
  by: ProfileSearchBy;
  keyword: string;
  n: number;
}

export default function ProfileSearch() {
  const [by, setBy] = useState<ProfileSearchBy>('email');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  const [editing, setEditing] = useState<ProfileRow | null>(null);
  const [tradesOf, setTradesOf] = useState<ProfileRow | null>(null);
  const queryClient = useQueryClient();
  const key = KEYS.find((k) => k.by === by)!;

  const queryKey = queryKeys.admin.profileSearch(search);
  const results = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      callApi('searchProfiles', { by: search!.by, keyword: search!.keyword, limit: PAGE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    enabled: search !== null,
    retry: false,
  });
  const rows = results.data?.pages.flatMap((p) => p.items) ?? [];
  // the spec's second table: the chosen member's trades, or the one member found
  const shownTrades = rows.find((r) => r.id === tradesOf?.id) ?? (rows.length === 1 ? rows[0] : null);

  /** The edit modal saved: show the member's new values in its row at once. */
  const onSaved = (row: ProfileRow) => {
    queryClient.setQueryData<InfiniteData<SearchPage>>(queryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (r.id === row.id ? row : r)) })),
          }
        : data,
    );
    setEditing(row);
  };

  const searchedLabel = search ? KEYS.find((k) => k.by === search.by)!.label : '';
  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Search Profile
        </Heading>
        <Text color="fg.muted">Find a member, then edit the name, bot, rank or wallet balance.</Text>
      </Stack>
      <form
        noValidate
        aria-label="Search profiles"
        onSubmit={(e) => {
          e.preventDefault();
          if (keyword.trim()) setSearch((s) => ({ by, keyword: keyword.trim(), n: (s?.n ?? 0) + 1 }));
        }}
      >
        <Stack gap="4" layerStyle="card" p={{ base: '4', md: '6' }}>
          <HStack gap={{ base: '3', md: '6' }} role="radiogroup" aria-label="Search by" flexWrap="wrap">
            {KEYS.map((k) => (
              <NativeChoice
                key={k.by}
                type="radio"
                name="search-by"
                value={k.by}
                checked={by === k.by}
                onChange={() => setBy(k.by)}
              >
                {k.label}
              </NativeChoice>
            ))}
          </HStack>
          <HStack gap="3" align="flex-end" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Field.Root flex="1" minW={{ base: 'full', sm: '0' }}>
              <Field.Label>Keyword</Field.Label>
              <Input
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                placeholder={key.placeholder}
                inputMode={by === 'mobile' ? 'tel' : by === 'email' ? 'email' : 'text'}
                autoComplete="off"
                spellCheck={false}
              />
              <Field.HelperText>{key.help}</Field.HelperText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="brand"
              disabled={!keyword.trim()}
              loading={results.isFetching && !results.isFetchingNextPage}
              mb={{ sm: '6' }}
            >
              <LuSearch /> Submit
            </Button>
          </HStack>
        </Stack>
      </form>

      {search === null ? (
        <Text color="fg.muted">Choose what to search by, type the keyword and Submit.</Text>
      ) : results.isError && !results.data ? (
        <QueryError what="the search" error={results.error} onRetry={() => results.refetch()} />
      ) : (
        <Stack gap="4">
          <Text fontWeight="semibold" aria-live="polite" data-testid="search-count">
            {results.isPending
              ? 'Searching…'
              : rows.length === 0
                ? `No member found for ${searchedLabel} “${search.keyword}”.`
                : `${rows.length}${results.hasNextPage ? '+' : ''} member${rows.length === 1 ? '' : 's'} found for ${searchedLabel} “${search.keyword}”.`}
          </Text>
          {rows.length > 0 && (
            <ScrollTable caption="Profiles" framed aria-busy={results.isFetching}>
              <Table.Header>
                <Table.Row>
                  {['Id', 'E-mail', 'Name', 'Username', 'Sponsor Id', 'Mobile', 'Rank'].map((h) => (
                    <Table.ColumnHeader key={h} whiteSpace="nowrap">
                      {h}
                    </Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader textAlign="end">Wallet (USDT)</Table.ColumnHeader>
                  <Table.ColumnHeader aria-label="Edit" />
                  <Table.ColumnHeader aria-label="Trades" />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((r) => (
                  <Table.Row key={r.id} data-testid="profile-row">
                    <Table.Cell>
                      <Text fontFamily="mono" fontSize="xs" title={r.id} maxW="24" truncate>
                        {r.id}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{r.email}</Table.Cell>
                    <Table.Cell>{r.name}</Table.Cell>
                    <Table.Cell>{r.username}</Table.Cell>
                    <Table.Cell>{r.sponsor ?? '—'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{r.mobile || '—'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <Badge variant="subtle" colorPalette="brand" title={r.rankName}>
                        {r.rank}
                      </Badge>{' '}
                      {r.rankName}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="profile-wallet">
                      {formatUsdt(r.wallet)}
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setEditing(r)}
                        aria-label={`Edit ${r.email}`}
                      >
                        <LuPencil /> Edit
                      </Button>
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        size="xs"
                        variant={shownTrades?.id === r.id ? 'solid' : 'outline'}
                        onClick={() => setTradesOf(r)}
                        aria-label={`Trades of ${r.email}`}
                      >
                        Trades
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          )}
          <LoadMore query={results} what="more members" />
          {shownTrades && (
            <Stack gap="2" as="section" aria-label="Trades">
              <Heading as="h2" size="md">
                Trades of {shownTrades.email}
              </Heading>
              <MemberTrades memberId={shownTrades.id} email={shownTrades.email} />
            </Stack>
          )}
        </Stack>
      )}
      <ProfileEditDialog profile={editing} onClose={() => setEditing(null)} onSaved={onSaved} />
    </Stack>
  );
}
