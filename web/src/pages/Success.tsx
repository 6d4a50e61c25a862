import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { LuMailCheck } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router';
import { AuthCard } from '../components/AuthCard';

export default function Success() {
  const location = useLocation();
  const state = (location.state ?? {}) as { email?: string };
  // one sentence says it all: the account exists and what to do next (no repeat of the server's words)
  return (
    <AuthCard title="Congratulations!">
      <Stack gap="5" align="center" textAlign="center">
        <Box color="gain.fg" fontSize="5xl" aria-hidden>
          <LuMailCheck />
        </Box>
        <Text data-testid="success-text">
          Your Trendex account is created: open the verification link we e-mailed to {state.email ?? 'you'} to
          log in.
        </Text>
        <Button asChild colorPalette="brand" size="lg" w="full">
          <RouterLink to="/signin">Continue to login</RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}
