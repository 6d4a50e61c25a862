import { Accordion, Badge, Box, Container, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { BotCard } from '#api/schemas/bots';
import { PageHeader } from '../components/PageHeader';
import { DataTable } from './DataTable';

/** The frame every bot page shares: the header band, then its sections on the page's surface. */
export function BotPageFrame({
  title,
  eyebrow,
  lead,
  children,
}: {
  title: string;
  eyebrow: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title}>
        {lead}
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap={{ base: '6', md: '8' }}>{children}</Stack>
      </Container>
    </>
  );
}

/** Description, tags, capital, creation date and parameters of a bot (from its definition, via getBots). */
export function BotFacts({
  card,
  tags,
  created,
}: {
  card: BotCard | undefined;
  tags: string[];
  created?: string;
}) {
  return (
    <Stack gap="4">
      {card && <Text color="fg.muted">{card.description}</Text>}
      <HStack gap="2" flexWrap="wrap" aria-label="Tags">
        {tags.map((t) => (
          <Badge key={t} colorPalette="brand" variant="subtle">
            {t}
          </Badge>
        ))}
        {card && (
          <Badge colorPalette={card.tier === 'gold' ? 'yellow' : 'gray'} variant="subtle">
            {card.tier === 'gold' ? 'Imperial Package' : 'Executive plan'}
          </Badge>
        )}
      </HStack>
      <DataList.Root orientation="horizontal" size="sm">
        {card && (
          <>
            <DataList.Item>
              <DataList.ItemLabel>
                {card.minimum > 0 ? 'Capital requirement' : 'Designed for'}
              </DataList.ItemLabel>
              <DataList.ItemValue>
                {(card.minimum > 0 ? card.minimum : card.capital).toLocaleString('en-US')} USDT
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Market</DataList.ItemLabel>
              <DataList.ItemValue>
                {card.symbol} {card.market === 'futures' ? `futures, ${card.leverage}x` : 'spot'}
              </DataList.ItemValue>
            </DataList.Item>
          </>
        )}
        {created && (
          <DataList.Item>
            <DataList.ItemLabel>Created</DataList.ItemLabel>
            <DataList.ItemValue>{created}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      {card && (
        <DataTable
          label={`${card.name} parameters`}
          rows={card.parameters}
          rowKey={(p) => p.name}
          columns={[
            { header: 'Parameter', cell: (p) => p.name },
            { header: 'Value', cell: (p) => p.value },
          ]}
        />
      )}
    </Stack>
  );
}

/** The disclaimers every bot page and the DCA page carry. */
export function Disclaimer({ futures }: { futures?: boolean }) {
  return (
    <Box
      as="aside"
      aria-label="Disclaimer"
      fontSize="sm"
      color="fg.muted"
      borderLeftWidth="3px"
      borderColor="orange.solid"
      pl="4"
    >
      <Text fontWeight="semibold" color="fg">
        Disclaimer
      </Text>
      <Text>
        Crypto prices are volatile and you can lose money. Past performance, including the backtests shown
        here, is no guide to future results. This is not financial advice.
        {futures &&
          ' Futures trading with leverage can lose more than a spot position would in the same move; a position can be liquidated.'}
      </Text>
    </Box>
  );
}

export function Faq({ items }: { items: { q: string; a: string }[] }) {
  return (
    // item values become element ids (aria-controls): an index, since a question has spaces
    <Accordion.Root collapsible defaultValue={['faq-0']}>
      {items.map((item, i) => (
        <Accordion.Item key={item.q} value={`faq-${i}`}>
          <Accordion.ItemTrigger>
            <Text flex="1" fontWeight="semibold">
              {item.q}
            </Text>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody color="fg.muted">{item.a}</Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
