import {
  Box,
  Button,
  Clipboard,
  Code,
  DataList,
  Field,
  HStack,
  IconButton,
  Input,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import type { Invoice, WalletName } from '#api/schemas/wallet';
import { AppDialog, DialogDismiss } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { callApi, errorMessage } from '../lib/api';
import { usdtText } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';
import { useMoneyRefresh } from './hooks';

/** The payment provider's coin codes as people know them: 'usdtbsc' is USDT on BNB Smart Chain (BEP20). */
const COIN_NAMES: Record<string, string> = {
  usdtbsc: 'USDT (BEP20)',
  usdttrc20: 'USDT (TRC20)',
  usdterc20: 'USDT (ERC20)',
};
const coinName = (code: string) => COIN_NAMES[code.toLowerCase()] ?? code.toUpperCase();
const isUsdt = (code: string) => coinName(code).startsWith('USDT');
const payAmountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});
/** The provider's amount (a decimal string) with separators and at least cents: '1,300.00'. */
const payAmountText = (amount: string) =>
  Number.isFinite(Number(amount)) ? payAmountFormat.format(Number(amount)) : amount;

const WALLET_NAMES: Record<WalletName, string> = { wallet: 'wallet', wallet1: 'Trendex Core wallet' };

/**
 * An invoice's status, asked every 3 s while it waits and `watching` (its dialog is open); once it
 * is credited, balances and the table are read again (once per invoice).
 */
export function useInvoiceStatus(invoice: Invoice | null, watching: boolean): Invoice['status'] | undefined {
  const refresh = useMoneyRefresh();
  const status = useQuery({
    queryKey: queryKeys.wallet.invoice(invoice?.paymentId),
    queryFn: () => callApi('getInvoice', { paymentId: invoice!.paymentId }),
    enabled: !!invoice && watching,
    refetchInterval: (q) => (q.state.data?.status === 'waiting' || !q.state.data ? 3000 : false),
  });
  const credited = status.data?.status === 'credited';
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (credited && refreshed.current !== invoice?.paymentId) {
      refreshed.current = invoice?.paymentId ?? null;
      void refresh();
    }
  }, [credited, invoice, refresh]);
  return status.data?.status ?? invoice?.status;
}

/** An invoice to pay: QR code, payment id, address (copyable), amount, and where its payment stands. */
export function InvoiceDetails({
  invoice,
  status,
}: {
  invoice: Invoice;
  status: Invoice['status'] | undefined;
}) {
  const credited = status === 'credited';
  return (
    <Stack gap="4" align="stretch">
      <Box alignSelf="center" bg="white" p="3" borderRadius="md" borderWidth="1px">
        <QRCodeSVG value={invoice.payAddress} size={150} aria-label="QR code of the payment address" />
      </Box>
      <DataList.Root orientation="vertical" gap="3">
        <DataList.Item>
          <DataList.ItemLabel>Payment Id</DataList.ItemLabel>
          <DataList.ItemValue>
            <Code data-testid="payment-id">{invoice.paymentId}</Code>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Payment Address</DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack gap="1" maxW="full">
              <Code wordBreak="break-all" data-testid="pay-address">
                {invoice.payAddress}
              </Code>
              <Clipboard.Root value={invoice.payAddress}>
                <Clipboard.Trigger asChild>
                  <IconButton variant="ghost" size="xs" aria-label="Copy the payment address">
                    <Clipboard.Indicator />
                  </IconButton>
                </Clipboard.Trigger>
              </Clipboard.Root>
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Amount to pay</DataList.ItemLabel>
          <DataList.ItemValue>
            {payAmountText(invoice.payAmount)} {coinName(invoice.payCurrency)}
            {/* a payment in another coin says what it is worth */}
            {!isUsdt(invoice.payCurrency) && ` (${usdtText(invoice.amount)})`}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {credited ? (
        <FormAlert status="success" title="Payment received">
          {usdtText(invoice.amount)} is credited to your {WALLET_NAMES[invoice.wallet]}.
        </FormAlert>
      ) : status === 'expired' ? (
        <FormAlert status="error">This invoice expired unpaid. Create a new one.</FormAlert>
      ) : (
        <HStack color="fg.muted" role="status">
          <Spinner size="sm" />
          <Text>Waiting for the payment…</Text>
        </HStack>
      )}
      {invoice.payUrl && !credited && (
        <Text fontSize="sm" color="fg.muted">
          Local stack:{' '}
          <Link href={invoice.payUrl} target="_blank" rel="noreferrer" colorPalette="brand">
            pay this invoice in the payment simulator
          </Link>
        </Text>
      )}
    </Stack>
  );
}

/**
 * Deposit Details: amount, then the invoice (payment id, address, QR) until the payment is
 * credited. `initialAmount` fills the amount in (what a plan purchase was missing).
 */
export function TopUpDialog({
  open,
  onOpenChange,
  wallet = 'wallet',
  initialAmount = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet?: WalletName;
  initialAmount?: string;
}) {
  const [amount, setAmount] = useState(initialAmount);
  useEffect(() => {
    if (open) setAmount(initialAmount);
  }, [open, initialAmount]);
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const client = useQueryClient();

  // One invoice per request: a retry after an error or a second click answers the same invoice.
  const ids = useRequestId();
  const create = useMutation({
    mutationFn: (requestId: string) => callApi('createInvoice', { amount: amount.trim(), wallet, requestId }),
    ...moneyRetry,
    onSuccess: (made) => {
      setInvoice(made);
      // listed among the open invoices at once, to be found again after this dialog closes
      void client.invalidateQueries({ queryKey: queryKeys.wallet.openInvoices() });
    },
    onSettled: (_invoice, error) => ids.settled(error),
  });
  const submit = useSingleFlight(create);

  const status = useInvoiceStatus(invoice, open);
  const credited = status === 'credited';

  const reset = () => {
    setAmount('');
    setInvoice(null);
    create.reset();
    ids.renew();
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={reset}
      title="Deposit Details"
      footer={
        !invoice ? (
          <>
            <DialogDismiss />
            <Button type="submit" form="topup-form" colorPalette="brand" loading={create.isPending}>
              Create invoice
            </Button>
          </>
        ) : (
          <DialogDismiss primary>{credited ? 'Done' : 'Close'}</DialogDismiss>
        )
      }
    >
      {!invoice ? (
        <form
          id="topup-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit(ids.requestId);
          }}
        >
          <Stack gap="4">
            <Text color="fg.muted">
              Top up your {WALLET_NAMES[wallet]} with USDT on BNB Smart Chain (BEP20).
            </Text>
            <Field.Root required invalid={create.isError}>
              <Field.Label>Amount (USDT)</Field.Label>
              <Input
                inputMode="decimal"
                placeholder="Enter The Amount"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </Field.Root>
            {create.isError && <FormAlert status="error">{errorMessage(create.error)}</FormAlert>}
          </Stack>
        </form>
      ) : (
        <InvoiceDetails invoice={invoice} status={status} />
      )}
    </AppDialog>
  );
}
