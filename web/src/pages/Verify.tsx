import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LuBadgeCheck } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { EmailActionDialog } from '../components/EmailActionDialog';
import { FormAlert } from '../components/FormAlert';
import { PageLoader } from '../components/PageLoader';
import { callApi, errorMessage } from '../lib/api';

export default function Verify() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resendOpen, setResendOpen] = useState(false);
  const verify = useMutation({ mutationFn: (t: string) => callApi('verifyEmail', { token: t }) });
  const { mutate } = verify;

  // The token is single-use: call once per page load.
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title="E-mail verification">
      <Stack gap="5">
        {!token && (
          <FormAlert status="error" title="This verification link is incomplete.">
            Open the link from your e-mail again, or ask for a new one.
          </FormAlert>
        )}
        {token && (verify.isIdle || verify.isPending) && (
          <PageLoader label="Verifying your e-mail address…" />
        )}
        {verify.isSuccess && (
          <Stack gap="4" align="center" textAlign="center">
            <Box color="gain.fg" fontSize="5xl" aria-hidden>
              <LuBadgeCheck />
            </Box>
            <Text fontSize="lg" fontWeight="semibold" role="status">
              {verify.data.message}
            </Text>
            <Button asChild colorPalette="brand" size="lg" w="full">
              <RouterLink to="/login">Continue to login</RouterLink>
            </Button>
          </Stack>
        )}
        {verify.isError && <FormAlert status="error">{errorMessage(verify.error)}</FormAlert>}
        {(verify.isError || !token) && (
          <Button variant="outline" onClick={() => setResendOpen(true)}>
            Resend Verify E-mail
          </Button>
        )}
      </Stack>
      <EmailActionDialog
        op="resendVerification"
        open={resendOpen}
        onOpenChange={setResendOpen}
      />
    </AuthCard>
  );
}
