import { Box, Container, Grid, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { IconType } from 'react-icons';
import { LuBot, LuChartLine, LuLayoutDashboard, LuNetwork } from 'react-icons/lu';
import { SectionTitle } from './SectionTitle';

const features: { title: string; text: string; icon: IconType; image: string; alt: string }[] = [
  {
    title: 'One clear dashboard',
    text: 'Wallet, profit and every running bot at a glance, updated live.',
    icon: LuLayoutDashboard,
    image: '/images/dashboard-overview.svg',
    alt: 'Dashboard screen with wallet balance, equity curve and active bots',
  },
  {
    title: 'Bot marketplace',
    text: 'DCA, grid and futures strategies with backtests on real market data.',
    icon: LuBot,
    image: '/images/dashboard-bots.svg',
    alt: 'Bot marketplace screen with strategy cards, win rates and deploy buttons',
  },
  {
    title: 'Live portfolio',
    text: 'Open positions and closed orders with profit in real time.',
    icon: LuChartLine,
    image: '/images/dashboard-portfolio.svg',
    alt: 'Portfolio screen with a table of open positions and profit',
  },
  {
    title: 'Team rewards',
    text: 'Grow your Left and Right teams and earn daily referral bonuses.',
    icon: LuNetwork,
    image: '/images/dashboard-team.svg',
    alt: 'Team screen with a binary referral tree and team counts',
  },
];

/** Feature cards; hovering or focusing a card swaps the screenshot beside it. */
export function FeatureShowcase() {
  const [active, setActive] = useState(0);
  // Warm the cache so a swap shows the next screenshot at once.
  useEffect(() => {
    for (const f of features.slice(1)) new window.Image().src = f.image;
  }, []);
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: '14', md: '20' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <SectionTitle
          id="features-title"
          eyebrow="Features"
          title="Everything you need to trade on autopilot"
          text="Hover a feature to see it in the app."
        />
        <Grid
          templateColumns={{ base: '1fr', lg: '2fr 3fr' }}
          gap={{ base: '8', lg: '12' }}
          alignItems="center"
        >
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Features">
            {features.map((f, i) => {
              const Icon = f.icon;
              const on = i === active;
              return (
                <Box as="li" key={f.title}>
                  <Box
                    as="button"
                    w="full"
                    textAlign="left"
                    aria-pressed={on}
                    aria-controls="feature-screenshot"
                    onMouseEnter={() => setActive(i)}
                    onFocus={() => setActive(i)}
                    onClick={() => setActive(i)}
                    bg={on ? 'bg.surface' : 'transparent'}
                    borderWidth="1px"
                    borderColor={on ? 'brand.solid' : 'border.card'}
                    boxShadow={on ? 'md' : 'none'}
                    borderRadius="xl"
                    p="5"
                    transition="all 0.2s"
                    cursor="pointer"
                    _focusVisible={{
                      outline: '2px solid',
                      outlineColor: 'brand.focusRing',
                      outlineOffset: '2px',
                    }}
                  >
                    <HStack gap="4" align="flex-start">
                      <Box
                        bg={on ? 'brand.solid' : 'brand.subtle'}
                        color={on ? 'white' : 'brand.fg'}
                        p="3"
                        borderRadius="lg"
                        fontSize="xl"
                        aria-hidden
                      >
                        <Icon />
                      </Box>
                      <Stack gap="1">
                        <Heading as="h3" size="md">
                          {f.title}
                        </Heading>
                        <Text color="fg.muted" fontSize="sm">
                          {f.text}
                        </Text>
                      </Stack>
                    </HStack>
                  </Box>
                </Box>
              );
            })}
          </Stack>
          <Box
            id="feature-screenshot"
            aria-live="polite"
            borderRadius="2xl"
            overflow="hidden"
            boxShadow="xl"
            borderWidth="1px"
            borderColor="border.card"
            bg="#0b1326"
            aspectRatio="800 / 520"
          >
            <Image
              key={features[active].image}
              src={features[active].image}
              alt={features[active].alt}
              w="full"
              h="full"
              animationName="fade-in"
              animationDuration="0.35s"
            />
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
