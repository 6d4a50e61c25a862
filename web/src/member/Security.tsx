import {
  Badge,
  Box,
  Button,
  Clipboard,
  Code,
  Container,
  Heading,
  HStack,
  IconButton,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { isTotpCode, TotpCodeField } from '../components/TotpCodeField';
import { errorMessage } from '../lib/api';
import {
  fetchTotpEnabled,
  startTotpSetup,
  useAuth,
  useSessionUser,
  type SessionUser,
  type TotpSetup,
} from '../lib/auth';
import { queryKeys } from '../lib/queryKeys';

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan or type the new secret, then confirm it with a code: only then is two-factor on. */
function TotpSetupSteps({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetup;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { turnOnTotp } = useAuth();
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const turnOn = useMutation({ mutationFn: turnOnTotp, onSuccess: onDone });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setIncomplete(!isTotpCode(code));
    if (isTotpCode(code)) turnOn.mutate(code);
  };

  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ base: 'stretch', sm: 'center' }}>
        <Box alignSelf="center" bg="white" p="3" borderRadius="md" borderWidth="1px" flexShrink={0}>
          <QRCodeSVG value={setup.uri} size={160} aria-label="QR code of your authenticator key" />
        </Box>
        <Stack gap="2" minW="0">
          <Text>
            <strong>1.</strong> Scan the QR code with an authenticator app (Google Authenticator, Microsoft
            Authenticator, 1Password and others).
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Cannot scan? Add an account in the app by hand with this key:
          </Text>
          <HStack gap="1">
            <Code data-testid="totp-secret" fontSize="sm" wordBreak="break-word" py="1" px="2">
              {grouped(setup.secret)}
            </Code>
            <Clipboard.Root value={setup.secret}>
              <Clipboard.Trigger asChild>
                <IconButton variant="ghost" size="xs" aria-label="Copy the key">
                  <Clipboard.Indicator />
                </IconButton>
              </Clipboard.Trigger>
            </Clipboard.Root>
          </HStack>
        </Stack>
      </Stack>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Text>
            <strong>2.</strong> Enter the code the app shows to turn two-factor authentication on.
          </Text>
          <TotpCodeField value={code} onChange={setCode} incomplete={incomplete} />
          {turnOn.isError && <FormAlert status="error">{errorMessage(turnOn.error)}</FormAlert>}
          <HStack gap="3" flexWrap="wrap">
            <Button type="submit" colorPalette="brand" loading={turnOn.isPending} loadingText="Turning on…">
              Turn on
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={turnOn.isPending}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}

/** On: what it means, and for members the way to turn it off (admins need it for the admin pages). */
function TotpOn({ user, onTurnedOff }: { user: SessionUser; onTurnedOff: () => void }) {
  const { turnOffTotp } = useAuth();
  const turnOff = useMutation({ mutationFn: turnOffTotp, onSuccess: onTurnedOff });
  return (
    <Stack gap="4" align="flex-start">
      <FormAlert status="success" title="Two-factor authentication is on.">
        Each log-in asks for the code from your authenticator app after your password.
      </FormAlert>
      {user.isAdmin ? (
        user.mfa ? (
          <Button asChild colorPalette="brand">
            <RouterLink to="/admindashboard">Open the admin pages</RouterLink>
          </Button>
        ) : (
          <Text>Log out and log in again with your code to open the admin pages.</Text>
        )
      ) : (
        <>
          <Button
            variant="outline"
            colorPalette="red"
            loading={turnOff.isPending}
            loadingText="Turning off…"
            onClick={() => turnOff.mutate()}
          >
            Turn off two-factor authentication
          </Button>
          {turnOff.isError && <FormAlert status="error">{errorMessage(turnOff.error)}</FormAlert>}
        </>
      )}
    </Stack>
  );
}

export default function Security() {
  const queryClient = useQueryClient();
  // RequireMember renders this page only for a signed-in user.
  const user = useSessionUser();
  const statusKey = queryKeys.totpEnabled(user?.sub);
  const status = useQuery({ queryKey: statusKey, queryFn: fetchTotpEnabled, enabled: Boolean(user) });
  // Each set-up asks Cognito for a new secret, replacing any unconfirmed one.
  const setup = useMutation({ mutationFn: () => startTotpSetup(user?.email ?? '') });
  if (!user) return null;

  const setEnabled = (enabled: boolean) => {
    queryClient.setQueryData(statusKey, enabled);
    setup.reset();
  };

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Security
          </Heading>
          <Text color="fg.muted">How you log in to Trendex.</Text>
        </Stack>
        <Box as="section" aria-label="Two-factor authentication" layerStyle="card" p={{ base: '5', md: '6' }}>
          <Stack gap="5">
            <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
              <Heading as="h2" size="lg">
                Two-factor authentication
              </Heading>
              {status.isSuccess && (
                <Badge colorPalette={status.data ? 'green' : 'gray'} size="md">
                  {status.data ? 'On' : 'Off'}
                </Badge>
              )}
            </HStack>
            <Text color="fg.muted">
              A second step after your password: the 6-digit code an authenticator app on your phone shows.
              Someone who learns your password still cannot log in.
            </Text>
            {user.isAdmin && (
              <FormAlert status="info">Admin pages require two-factor authentication.</FormAlert>
            )}
            {status.isPending && <Skeleton h="10" w="64" aria-busy="true" aria-label="Loading" />}
            {status.isError && (
              <QueryError
                what="your two-factor setting"
                error={status.error}
                onRetry={() => status.refetch()}
              />
            )}
            {status.isSuccess &&
              (status.data ? (
                <TotpOn user={user} onTurnedOff={() => setEnabled(false)} />
              ) : setup.isSuccess ? (
                <TotpSetupSteps setup={setup.data} onDone={() => setEnabled(true)} onCancel={setup.reset} />
              ) : (
                <Stack gap="3" align="flex-start">
                  <Button
                    colorPalette="brand"
                    loading={setup.isPending}
                    loadingText="Getting a key…"
                    onClick={() => setup.mutate()}
                  >
                    Set up two-factor authentication
                  </Button>
                  {setup.isError && <FormAlert status="error">{errorMessage(setup.error)}</FormAlert>}
                </Stack>
              ))}
          </Stack>
        </Box>
      </Stack>
    </Container>
  );
}
