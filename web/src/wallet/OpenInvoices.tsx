import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { dateTimeText } from '../lib/dates';
import { useState } from 'react';
import type { Invoice } from '#api/schemas/wallet';
import { AppDialog, DialogDismiss } from '../components/AppDialog';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { usdtText } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';
import { InvoiceDetails, useInvoiceStatus } from './TopUpDialog';

/** One open invoice again: its QR code and details, and its payment watched while shown. */
function InvoiceDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const status = useInvoiceStatus(invoice, invoice !== null);
  return (
    <AppDialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Deposit Details"
      footer={<DialogDismiss primary>{status === 'credited' ? 'Done' : 'Close'}</DialogDismiss>}
    >
      {invoice && <InvoiceDetails invoice={invoice} status={status} />}
    </AppDialog>
  );
}

/**
 * Top Up invoices still waiting for payment, until paid or expired: a closed dialog or a reload
 * does not lose them. Nothing shows when there are none. A credited deposit's push refreshes the
 * wallet (lib/pushes.ts), this list with it.
 */
export function OpenInvoices() {
  const query = useQuery({
    queryKey: queryKeys.wallet.openInvoices(),
    queryFn: () => callApi('listInvoices', {}),
  });
  const [shown, setShown] = useState<Invoice | null>(null);
  if (query.isError)
    return <QueryError what="your open invoices" error={query.error} onRetry={() => query.refetch()} />;
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box
      as="section"
      aria-label="Open invoices"
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
    >
      <Text as="h2" fontSize="lg" fontWeight="semibold" mb="1">
        Open invoices
      </Text>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Top ups waiting for your payment. Each is credited once paid; unpaid ones expire.
      </Text>
      <Stack gap="3" as="ul" listStyleType="none">
        {items.map((invoice) => (
          <HStack
            as="li"
            key={invoice.paymentId}
            justify="space-between"
            flexWrap="wrap"
            gap="3"
            borderWidth="1px"
            borderColor="border.card"
            borderRadius="lg"
            p="3"
            aria-label={`Invoice ${invoice.paymentId}`}
          >
            <Stack gap="0.5">
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {usdtText(invoice.amount)}
                </Text>
                <Badge colorPalette="orange" variant="subtle">
                  Waiting for payment
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {invoice.wallet === 'wallet1' ? 'Trendex Core wallet' : 'Wallet'} · made{' '}
                {dateTimeText(invoice.createdAt)} · expires {dateTimeText(invoice.expiresAt)}
              </Text>
            </Stack>
            <Button size="sm" variant="outline" onClick={() => setShown(invoice)}>
              Show QR and address
            </Button>
          </HStack>
        ))}
      </Stack>
      <InvoiceDialog invoice={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
