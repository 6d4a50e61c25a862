import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { LuMailCheck } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router';
import { AuthCard } from '../components/AuthCard';

export default function Success() {
  const location = useLocation();
  const state = (location.state ?? {}) as { message?: string; email?: string };
  return (
    <AuthCard title="Congratulations!" subtitle="Your Trendex account has been created.">
      <Stack gap="5" align="center" textAlign="center">
        <Box color="gain.fg" fontSize="5xl" aria-hidden>
          <LuMailCheck />
        </Box>
        {state.message && <Text fontWeight="medium">{state.message}</Text>}
        <Text color="fg.muted">
          Check your e-mail{state.email ? ` (${state.email})` : ''} and open the verification link we sent
          you. After verifying your address you can log in and set up your first bot.
        </Text>
        <Button asChild colorPalette="brand" size="lg" w="full">
          <RouterLink to="/signin">Continue to login</RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}
