import { Box, Button, Container, Grid, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import {
  LuCompass,
  LuEye,
  LuFlag,
  LuGem,
  LuGraduationCap,
  LuHeadset,
  LuMessagesSquare,
  LuNetwork,
  LuRoute,
  LuTarget,
  LuZap,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/PageHeader';

const pillars: { icon: IconType; title: string; text: string }[] = [
  {
    icon: LuTarget,
    title: 'Our mission',
    text: 'Give every trader the discipline of a machine: rule-based bots that execute a plan around the clock, on the trader’s own exchange account.',
  },
  {
    icon: LuGem,
    title: 'Our values',
    text: 'Transparency first. Your funds never leave your exchange, your API keys are encrypted and trade-only, and every result we show is computed, never invented.',
  },
  {
    icon: LuFlag,
    title: 'Our goals',
    text: 'Make automated trading understandable, affordable and safe to start — and reward the members who help others get there.',
  },
  {
    icon: LuEye,
    title: 'Our vision',
    text: 'A worldwide community where anyone can run institutional-grade strategies with the same tools, the same data and the same fair rules.',
  },
  {
    icon: LuCompass,
    title: 'Our strategies',
    text: 'DCA, spot grid, trend following, mean reversion and candle patterns — each backtested on years of real market data before it reaches your account.',
  },
];

const why: { icon: IconType; title: string; text: string }[] = [
  {
    icon: LuGraduationCap,
    title: 'Expertise',
    text: 'Strategies designed and reviewed by traders and quants, with published parameters and backtests.',
  },
  {
    icon: LuZap,
    title: 'Fast Execution',
    text: 'Orders are placed within seconds of a signal, with retries and full audit trails.',
  },
  {
    icon: LuMessagesSquare,
    title: 'Communication',
    text: 'Notifications for every trade, deposit and reward, and plain-language explanations of every bot.',
  },
  {
    icon: LuHeadset,
    title: 'Customer Service',
    text: 'A real support team answering the contact form within one business day.',
  },
];

const stats = [
  { value: '1.1M', label: 'Trades executed' },
  { value: '25', label: 'Countries' },
  { value: '30M', label: 'Total volume (USDT)' },
  { value: '2021', label: 'Trusted Worldwide Since 2021' },
];

function IconTile({ icon: Icon }: { icon: IconType }) {
  return (
    <Box bg="brand.subtle" color="brand.fg" p="3" borderRadius="lg" fontSize="xl" w="fit-content" aria-hidden>
      <Icon />
    </Box>
  );
}

export default function AboutUs() {
  return (
    <>
      <PageHeader eyebrow="About Us" title="Automated trading, built on trust">
        Trendex connects to your Binance or WazirX account and runs proven strategies for you — while your
        funds stay where they are.
      </PageHeader>

      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {pillars.map((p, i) => (
            <Stack
              key={p.title}
              gridColumn={i === 3 ? { lg: 'span 2' } : i === 4 ? { md: 'span 2', lg: 'auto' } : undefined}
              bg="bg.surface"
              borderWidth="1px"
              borderColor="border.card"
              borderRadius="xl"
              p="6"
              gap="3"
            >
              <IconTile icon={p.icon} />
              <Heading as="h2" size="lg">
                {p.title}
              </Heading>
              <Text color="fg.muted">{p.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="bg.hero" color="white" py={{ base: '10', md: '14' }}>
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="8" textAlign="center">
            {stats.map((s) => (
              <Stack key={s.label} gap="1">
                <Text
                  fontSize={{ base: '3xl', md: '5xl' }}
                  fontWeight="800"
                  letterSpacing="-0.03em"
                  color="gain.400"
                >
                  {s.value}
                </Text>
                <Text color="whiteAlpha.800" fontSize={{ base: 'sm', md: 'md' }}>
                  {s.label}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <Stack gap="2" mb="8" textAlign="center">
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }}>
            Why choose us
          </Heading>
          <Text color="fg.muted">What members tell us makes the difference.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {why.map((w) => (
            <Stack
              key={w.title}
              as="section"
              aria-label={w.title}
              bg="bg.surface"
              borderWidth="1px"
              borderColor="border.card"
              borderRadius="xl"
              p="6"
              gap="3"
            >
              <IconTile icon={w.icon} />
              <Heading as="h3" size="md">
                {w.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {w.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="bg.raised" py={{ base: '10', md: '16' }}>
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <Grid
            templateColumns={{ base: '1fr', lg: '1fr 1fr' }}
            gap={{ base: '8', lg: '12' }}
            alignItems="center"
          >
            <Stack gap="4">
              <HStack gap="3">
                <IconTile icon={LuNetwork} />
                <Heading as="h2" size={{ base: 'xl', md: '2xl' }}>
                  Partners and referrals
                </Heading>
              </HStack>
              <Text color="fg.muted">
                Every member can become a partner. Share your referral link and choose whether a new member
                joins your Left team or your Right team. When they activate a plan, you receive a direct bonus
                of 10% of the plan price.
              </Text>
              <Text color="fg.muted">
                Each night at 00:00 UTC we match the activation points of your two teams. You earn 10% of the
                matched points, up to a daily limit of 230 USDT on Executive or 320 USDT on the Imperial
                Package. Unmatched points of the stronger team carry over to the next day.
              </Text>
              <Button asChild colorPalette="brand" alignSelf="flex-start">
                <RouterLink to="/signup">Become a partner</RouterLink>
              </Button>
            </Stack>
            <Stack gap="4">
              {[
                {
                  step: '1',
                  title: 'Join and get your link',
                  text: 'Create an account and copy your referral link.',
                },
                { step: '2', title: 'Share it', text: 'Invite traders to your Left or Right team.' },
                { step: '3', title: 'Earn rewards', text: 'Bonuses arrive when your team activates plans.' },
              ].map((s) => (
                <HStack
                  key={s.step}
                  gap="4"
                  bg="bg.surface"
                  borderWidth="1px"
                  borderColor="border.card"
                  borderRadius="xl"
                  p="5"
                  align="flex-start"
                >
                  <Box
                    flexShrink={0}
                    w="10"
                    h="10"
                    borderRadius="full"
                    bg="brand.solid"
                    color="white"
                    display="grid"
                    placeItems="center"
                    fontWeight="bold"
                    aria-hidden
                  >
                    {s.step}
                  </Box>
                  <Stack gap="0.5">
                    <Text fontWeight="semibold">{s.title}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      {s.text}
                    </Text>
                  </Stack>
                </HStack>
              ))}
              <HStack color="fg.muted" fontSize="sm" gap="2">
                <LuRoute aria-hidden />
                <Text>Placement follows your chosen side, filling the outer edge of that team.</Text>
              </HStack>
            </Stack>
          </Grid>
        </Container>
      </Box>
    </>
  );
}
