import { Badge, Box, HStack, Heading, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import type { LedgerAuditResult } from '#api/schemas/admin';
import { reportTime } from '../components/ReportPage';

/** The dashboard's card of the last daily ledger audit: when it ran, and what it found wrong. */
export function LedgerAuditCard({
  audit,
  pending,
}: {
  audit: z.infer<typeof LedgerAuditResult> | null | undefined;
  pending: boolean;
}) {
  return (
    <Box as="section" aria-label="Ledger audit" layerStyle="card" p="6">
      <HStack justify="space-between" gap="3" flexWrap="wrap" mb="3">
        <Heading as="h2" size="md">
          Ledger audit
        </Heading>
        {audit && (
          <Badge colorPalette={audit.ok ? 'green' : 'red'} size="lg">
            {audit.ok
              ? 'No difference'
              : `${audit.differenceCount} difference${audit.differenceCount === 1 ? '' : 's'}`}
          </Badge>
        )}
      </HStack>
      {pending ? (
        <Skeleton h="5" w="60" />
      ) : !audit ? (
        <Text color="fg.muted">The daily audit has not run yet (02:00 UTC).</Text>
      ) : (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm">
            Last run <time dateTime={audit.at}>{reportTime(audit.at)}</time>: balances against their entries,
            the ledger&apos;s total, negative balances, holds against open withdrawals, deposits against paid
            invoices.
          </Text>
          {audit.differences.length > 0 && (
            <List.Root gap="2" ps="0" listStyle="none" aria-label="Differences">
              {audit.differences.map((d) => (
                <List.Item key={`${d.check}-${d.subject}`} display="block">
                  <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
                    {d.subject}
                  </Text>
                  <Text as="span" color="fg.muted" fontSize="sm">
                    {' '}
                    — {d.detail}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      )}
    </Box>
  );
}
