import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuBookCheck, LuKeyRound, LuLock, LuShieldCheck } from 'react-icons/lu';
import { SectionTitle } from './SectionTitle';

const items: { icon: IconType; title: string; text: string }[] = [
  {
    icon: LuShieldCheck,
    title: 'Funds stay with you',
    text: 'Bots trade on your own Binance or WazirX account. Trendex never holds your trading capital.',
  },
  {
    icon: LuKeyRound,
    title: 'Trade-only API keys',
    text: 'Keys with withdrawal rights are refused. Secrets are encrypted with a dedicated key and never shown again.',
  },
  {
    icon: LuLock,
    title: 'Protected withdrawals',
    text: 'Every wallet withdrawal needs a one-time code sent to your e-mail, and goes only to a checked BEP20 address.',
  },
  {
    icon: LuBookCheck,
    title: 'Every cent accounted for',
    text: 'A double-entry ledger records each deposit, plan, reward and payout. Balances can never go negative.',
  },
];

export function TrustSection() {
  return (
    <Box as="section" aria-labelledby="trust-title" bg="bg.raised" py={{ base: '14', md: '20' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <SectionTitle
          id="trust-title"
          eyebrow="Security"
          title="Built for trust from day one"
          text="Trusted worldwide since 2021 by traders in 25 countries."
        />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {items.map(({ icon: Icon, title, text }) => (
            <Stack
              key={title}
              bg="bg.surface"
              borderWidth="1px"
              borderColor="border.card"
              borderRadius="xl"
              p="6"
              gap="3"
            >
              <Box color="gain.fg" fontSize="2xl" aria-hidden>
                <Icon />
              </Box>
              <Heading as="h3" size="md">
                {title}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
