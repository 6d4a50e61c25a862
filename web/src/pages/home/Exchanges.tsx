import { Badge, Box, Button, Container, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useSessionUser } from '../../lib/auth';
import { SectionTitle } from './SectionTitle';

const exchanges = [
  {
    name: 'Binance',
    logo: '/images/exchange-binance.svg',
    markets: ['Spot', 'USD-M Futures'],
    text: 'The largest exchange by volume. Run spot DCA and grid bots, and futures strategies up to 3x.',
  },
  {
    name: 'WazirX',
    logo: '/images/exchange-wazirx.svg',
    markets: ['Spot'],
    text: 'Trade INR and USDT spot markets with DCA presets and manual DCA plans.',
  },
];

export function Exchanges() {
  const user = useSessionUser();
  return (
    <Box as="section" aria-labelledby="exchanges-title" py={{ base: '14', md: '20' }}>
      <Container maxW="5xl" px={{ base: '4', md: '6' }}>
        <SectionTitle
          id="exchanges-title"
          eyebrow="Exchanges"
          title="Works with the exchanges you already use"
          text="Connect with an API key in two minutes. Your balances stay on the exchange."
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {exchanges.map((x) => (
            <Stack
              key={x.name}
              bg="bg.surface"
              borderWidth="1px"
              borderColor="border.card"
              borderRadius="xl"
              p="6"
              gap="4"
            >
              <Box bg="#0b1326" borderRadius="lg" px="5" py="4">
                <Image src={x.logo} alt={`${x.name} logo`} h="10" w="auto" />
              </Box>
              <HStack gap="2">
                {x.markets.map((m) => (
                  <Badge key={m} colorPalette="brand" variant="subtle">
                    {m}
                  </Badge>
                ))}
              </HStack>
              <Text color="fg.muted">{x.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <HStack justify="center" mt="8">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={user ? '/exchange' : '/signup'}>
              Explore Now <LuArrowRight aria-hidden />
            </RouterLink>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
