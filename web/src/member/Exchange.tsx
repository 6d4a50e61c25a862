import {
  Badge,
  Box,
  Button,
  Code,
  Container,
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LuCopy, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { ExchangeCard, ExchangeName } from '#api/schemas/exchange';
import { AppDialog, DialogDismiss } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { NativeChoice } from '../components/NativeChoice';
import { OtpField } from '../components/OtpField';
import { QueryError } from '../components/QueryError';
import { ApiError, callApi } from '../lib/api';

const NAMES: Record<ExchangeName, string> = { binance: 'Binance', wazirx: 'WazirX' };
const UNKNOWN_ERROR = 'An unknown error occurred';

/** The server's message, else the spec's 'An unknown error occurred'. */
const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;

const usdtText = (micro: number | null) =>
  micro === null
    ? 'NA'
    : `${(micro / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;

const exchangesKey = ['exchanges'];

function WhitelistIp({ ip }: { ip: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(ip);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.error('copy failed', error); // spec: a copy failure is only logged
    }
  };
  return (
    <Box
      as="section"
      aria-label="IP address to whitelist"
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="2">
        <Text fontWeight="semibold">IP address to whitelist</Text>
        <Text color="fg.muted" fontSize="sm">
          When you create the API key on the exchange, restrict it to this IP address. Enable reading and
          trading only: a key that can withdraw is refused.
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Code fontSize="md" px="3" py="1.5" aria-label="IP address">
            {ip}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <LuCopy /> Copy IP
          </Button>
          {copied && (
            <Text color="green.fg" fontSize="sm" role="status">
              copied
            </Text>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}

const useSendCode = () => useMutation({ mutationFn: () => callApi('requestExchangeOtp', {}) });

/** Whether the server refused the mailed code (wrong, expired, spent). */
const codeRefused = (error: unknown) => error instanceof ApiError && error.field === 'otp';

function ConnectDialog({
  exchange,
  open,
  onOpenChange,
}: {
  exchange: ExchangeName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [apikey, setApikey] = useState('');
  const [apisecret, setApisecret] = useState('');
  const [otp, setOtp] = useState('');
  const [confirmedNoWithdraw, setConfirmedNoWithdraw] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  // WazirX has no call that shows a key's permissions: the member vouches that it cannot withdraw.
  const needsConfirmation = exchange === 'wazirx';

  const sendCode = useSendCode();
  const bind = useMutation({
    mutationFn: () =>
      needsConfirmation
        ? callApi('bindWazirx', { apikey, apisecret, otp, confirmNoWithdraw: true })
        : callApi('bindBinance', { apikey, apisecret, otp }),
  });
  const resetSend = sendCode.reset;
  const resetBind = bind.reset;

  useEffect(() => {
    if (open) {
      setApikey('');
      setApisecret('');
      setOtp('');
      setConfirmedNoWithdraw(false);
      resetSend();
      resetBind();
    }
    return () => window.clearTimeout(timer.current);
  }, [open, resetSend, resetBind]);

  const complete =
    apikey.trim() && apisecret.trim() && otp.trim() && (!needsConfirmation || confirmedNoWithdraw);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!complete) return; // spec: no submit until every field is filled
    bind.mutate(undefined, {
      onSuccess: () => {
        resetSend();
        timer.current = window.setTimeout(() => {
          onOpenChange(false);
          void queryClient.invalidateQueries({ queryKey: exchangesKey });
        }, 2000);
      },
    });
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Connect ${NAMES[exchange]}`}
      onSubmit={submit}
      footer={
        <>
          <DialogDismiss />
          <Button
            type="submit"
            colorPalette="brand"
            loading={bind.isPending}
            disabled={!complete || bind.isSuccess}
          >
            Connect
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Paste the API key and secret you created on {NAMES[exchange]}. We check the key with one read-only
          call before we keep it, encrypted. The secret is never shown again.
        </Text>
        <Field.Root required>
          <Field.Label>API key</Field.Label>
          <Input
            name="apikey"
            autoComplete="off"
            value={apikey}
            onChange={(e) => setApikey(e.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>API secret</Field.Label>
          <Input
            name="apisecret"
            type="password"
            autoComplete="off"
            value={apisecret}
            onChange={(e) => setApisecret(e.target.value)}
          />
        </Field.Root>
        {needsConfirmation && (
          <Stack gap="2">
            <FormAlert status="warning">
              WazirX does not show anyone what a key is allowed to do, so Trendex cannot check that this key
              cannot withdraw. Create it with reading and trading only, never withdrawals.
            </FormAlert>
            <NativeChoice
              type="checkbox"
              name="confirmNoWithdraw"
              checked={confirmedNoWithdraw}
              onChange={(e) => setConfirmedNoWithdraw(e.target.checked)}
            >
              I created this key without withdrawal permission.
            </NativeChoice>
          </Stack>
        )}
        <OtpField value={otp} onChange={setOtp} invalid={codeRefused(bind.error)} send={sendCode} />
        {bind.isSuccess && <FormAlert status="success">{bind.data.message}</FormAlert>}
        {bind.isError && <FormAlert status="error">{failureText(bind.error)}</FormAlert>}
      </Stack>
    </AppDialog>
  );
}

/** Forgetting a key takes the mailed code too: a stolen session alone cannot remove it. */
function RemoveDialog({
  card,
  open,
  onOpenChange,
}: {
  card: ExchangeCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [otp, setOtp] = useState('');
  const sendCode = useSendCode();
  const remove = useMutation({
    mutationFn: () => callApi('removeExchangeKey', { exchange: card.exchange, otp }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exchangesKey }),
  });
  const name = NAMES[card.exchange];

  const reset = () => {
    setOtp('');
    sendCode.reset();
    remove.reset();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (otp.trim()) remove.mutate();
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      onClose={reset}
      title={`Remove ${name} key`}
      onSubmit={submit}
      footer={
        remove.isSuccess ? (
          <DialogDismiss primary>Done</DialogDismiss>
        ) : (
          <>
            <DialogDismiss />
            <Button type="submit" colorPalette="red" loading={remove.isPending} disabled={!otp.trim()}>
              Remove
            </Button>
          </>
        )
      }
    >
      {remove.isSuccess ? (
        <FormAlert status="success">{remove.data.message}</FormAlert>
      ) : (
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Trendex forgets the key …{card.keyHint}. You can delete it on {name} as well.
          </Text>
          <OtpField value={otp} onChange={setOtp} invalid={codeRefused(remove.error)} send={sendCode} />
          {remove.isError && <FormAlert status="error">{failureText(remove.error)}</FormAlert>}
        </Stack>
      )}
    </AppDialog>
  );
}

function ExchangeCardView({ card }: { card: ExchangeCard }) {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refresh = useMutation({
    mutationFn: () => callApi('refreshBalances', { exchange: card.exchange }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exchangesKey }),
  });
  const name = NAMES[card.exchange];
  const failed = refresh.isError || (card.balanceError && !refresh.isSuccess);
  const spot = refresh.data?.spot ?? card.spot;
  const futures = refresh.data?.futures ?? card.futures;

  return (
    <Box as="section" aria-label={`${name} account`} layerStyle="card" p={{ base: '5', md: '6' }}>
      <Stack gap="5">
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {card.hasFutures ? 'Spot and USD-M futures' : 'Spot only'}
            </Text>
          </Stack>
          <Badge colorPalette={card.connected ? 'green' : 'gray'} size="md">
            {card.connected ? `Connected · key …${card.keyHint ?? ''}` : 'Not connected'}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel minW="32">Spot balance</DataList.ItemLabel>
            <DataList.ItemValue aria-label={`${name} spot balance`} fontVariantNumeric="tabular-nums">
              {usdtText(spot)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="32">Futures balance</DataList.ItemLabel>
            <DataList.ItemValue aria-label={`${name} futures balance`} fontVariantNumeric="tabular-nums">
              {usdtText(futures)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {failed && (
          <FormAlert status="error">
            {refresh.isError ? failureText(refresh.error) : 'You api key are not correctly added.'}
          </FormAlert>
        )}
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={() => setConnecting(true)}>
            {card.connected ? `Replace ${name} key` : `Connect ${name}`}
          </Button>
          {card.connected && (
            <Button variant="outline" loading={refresh.isPending} onClick={() => refresh.mutate()}>
              <LuRefreshCw /> Refresh balances
            </Button>
          )}
          {card.connected && (
            <Button variant="outline" colorPalette="red" onClick={() => setRemoving(true)}>
              <LuTrash2 /> Remove key
            </Button>
          )}
        </HStack>
      </Stack>
      <ConnectDialog exchange={card.exchange} open={connecting} onOpenChange={setConnecting} />
      <RemoveDialog card={card} open={removing} onOpenChange={setRemoving} />
    </Box>
  );
}

export default function Exchange() {
  const view = useQuery({ queryKey: exchangesKey, queryFn: () => callApi('getExchanges', {}) });

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Exchange
          </Heading>
          <Text color="fg.muted">Connect your Binance or WazirX account so your bots can trade on it.</Text>
        </Stack>
        {view.isPending && (
          <Stack gap="4" aria-busy="true" aria-label="Loading">
            <Skeleton h="28" />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              <Skeleton h="64" />
              <Skeleton h="64" />
            </SimpleGrid>
          </Stack>
        )}
        {view.isError && (
          <QueryError what="your exchanges" error={view.error} onRetry={() => view.refetch()} />
        )}
        {view.data && (
          <>
            <WhitelistIp ip={view.data.whitelistIp} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              {view.data.exchanges.map((card) => (
                <ExchangeCardView key={card.exchange} card={card} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
