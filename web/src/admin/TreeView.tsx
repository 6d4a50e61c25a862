import {
  Avatar,
  Box,
  Button,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuArrowUp, LuHouse, LuSearch } from 'react-icons/lu';
import type { ResponseOf } from '#api/routes';
import { AppDialog } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { ApiError, callApi } from '../lib/api';
import { formatCount, pointsText } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';

type TreeData = ResponseOf<'getTree'>;
type TreeNode = TreeData['nodes'][number];
type Where = { memberId?: string; email?: string };

/** One seat of the tree: the picture re-roots the tree there, the name opens the counts. */
function Seat({
  node,
  onReroot,
  onDetails,
}: {
  node: TreeNode | undefined;
  onReroot: (id: string) => void;
  onDetails: (node: TreeNode) => void;
}) {
  if (!node)
    return (
      <Stack align="center" gap="1" py="2" aria-label="Empty seat" color="fg.subtle">
        <Avatar.Root size="lg" variant="outline">
          <Avatar.Fallback />
        </Avatar.Root>
        <Text fontSize="xs">Empty</Text>
      </Stack>
    );
  return (
    <Stack align="center" gap="1" py="2" minW="0" data-testid="tree-seat">
      <Button
        variant="plain"
        p="0"
        h="auto"
        borderRadius="full"
        aria-label={`Show the tree under ${node.email}`}
        onClick={() => onReroot(node.id)}
      >
        <Avatar.Root size={{ base: 'md', md: 'lg' }} colorPalette="brand">
          <Avatar.Fallback name={node.name} />
        </Avatar.Root>
      </Button>
      <Button
        variant="plain"
        p="0"
        h="auto"
        fontWeight="semibold"
        color="brand.fg"
        textDecoration="underline"
        maxW="full"
        // four seats share a 375 px row: names and e-mails wrap rather than being cut
        whiteSpace="normal"
        wordBreak="break-word"
        textAlign="center"
        fontSize={{ base: 'xs', md: 'sm' }}
        data-testid="tree-name"
        onClick={() => onDetails(node)}
      >
        {node.name}
      </Button>
      <Text
        fontSize={{ base: '2xs', md: 'xs' }}
        color="fg.muted"
        maxW="full"
        wordBreak="break-all"
        textAlign="center"
        data-testid="tree-email"
      >
        {node.email}
      </Text>
    </Stack>
  );
}

function DetailsDialog({ node, onClose }: { node: TreeNode | null; onClose: () => void }) {
  const rows: [string, string][] = node
    ? [
        ['Left points', pointsText(node.leftPoints)],
        ['Right points', pointsText(node.rightPoints)],
        ['Left count', formatCount(node.leftCount)],
        ['Right count', formatCount(node.rightCount)],
        ['Direct left', formatCount(node.directLeft)],
        ['Direct right', formatCount(node.directRight)],
      ]
    : [];
  return (
    <AppDialog open={node !== null} onClose={onClose} title={node?.name ?? ''}>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {node?.email}
      </Text>
      <DataList.Root orientation="horizontal" aria-label="Points and counts">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </AppDialog>
  );
}

export default function AdminTree() {
  const [where, setWhere] = useState<Where>({});
  const [search, setSearch] = useState('');
  const [details, setDetails] = useState<TreeNode | null>(null);
  const tree = useQuery({
    queryKey: queryKeys.admin.tree(where),
    queryFn: () => callApi('getTree', where),
    retry: false,
  });
  const byId = new Map(tree.data?.nodes.map((n) => [n.id, n]));
  const root = tree.data ? byId.get(tree.data.rootId) : undefined;
  const child = (node: TreeNode | undefined, side: 'left' | 'right') =>
    node?.[side] ? byId.get(node[side]) : undefined;
  const children = [child(root, 'left'), child(root, 'right')];
  const grandchildren = children.flatMap((c) => [child(c, 'left'), child(c, 'right')]);
  const seat = (node: TreeNode | undefined, key: string) => (
    <Seat key={key} node={node} onReroot={(id) => setWhere({ memberId: id })} onDetails={setDetails} />
  );

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Tree
        </Heading>
        <Text color="fg.muted">
          Click a picture to show the tree under that member; click a name for its counts.
        </Text>
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (search.trim()) setWhere({ email: search.trim() });
        }}
      >
        <HStack gap="3" align="end" flexWrap="wrap">
          <Field.Root maxW="sm">
            <Field.Label>Search by e-mail</Field.Label>
            <Input
              type="email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="member@example.com"
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" disabled={!search.trim()}>
            <LuSearch /> Search
          </Button>
          <Button variant="outline" onClick={() => setWhere({})}>
            <LuHouse /> Top of the tree
          </Button>
          {root?.parentId && (
            <Button variant="outline" onClick={() => setWhere({ memberId: root.parentId! })}>
              <LuArrowUp /> Up one level
            </Button>
          )}
        </HStack>
      </form>
      {tree.error instanceof ApiError && tree.error.status === 404 ? (
        // nobody to show (an e-mail not in the tree): an answer, not a failure to retry
        <FormAlert status="info">{tree.error.message}</FormAlert>
      ) : tree.isError ? (
        <QueryError what="the tree" error={tree.error} onRetry={() => tree.refetch()} />
      ) : tree.isPending ? (
        <Skeleton h="72" aria-busy="true" aria-label="Loading" />
      ) : (
        <Box
          as="section"
          aria-label="Binary tree"
          bg="bg.surface"
          borderWidth="1px"
          borderColor="border.card"
          borderRadius="xl"
          p={{ base: '3', md: '6' }}
          overflowX="auto"
        >
          <Stack gap="6" minW="320px">
            <SimpleGrid columns={1}>{seat(root, 'root')}</SimpleGrid>
            <SimpleGrid columns={2} gap="2">
              {children.map((n, i) => seat(n, `c${i}`))}
            </SimpleGrid>
            <SimpleGrid columns={4} gap="1">
              {grandchildren.map((n, i) => seat(n, `g${i}`))}
            </SimpleGrid>
          </Stack>
        </Box>
      )}
      <DetailsDialog node={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}
