import { Box, Button, Container, Grid, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight, LuShieldCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { homeFor } from '../../layout/guards';
import { useSessionUser } from '../../lib/auth';

export function Hero() {
  // a member already has an account: Get Started leads to their dashboard, not the sign-up form
  const user = useSessionUser();
  return (
    <Box bg="bg.hero" color="white" position="relative" overflow="hidden">
      <Box
        position="absolute"
        inset="0"
        bgImage="radial-gradient(circle at 80% 10%, rgba(51,102,255,0.45), transparent 45%), radial-gradient(circle at 0% 100%, rgba(18,184,134,0.25), transparent 40%)"
        aria-hidden
      />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }} position="relative">
        <Grid
          templateColumns={{ base: '1fr', lg: '5fr 6fr' }}
          gap={{ base: '10', lg: '12' }}
          alignItems="center"
        >
          <Stack gap="6">
            <HStack
              gap="2"
              bg="whiteAlpha.100"
              borderWidth="1px"
              borderColor="whiteAlpha.200"
              borderRadius="full"
              px="3"
              py="1"
              w="fit-content"
              fontSize="sm"
            >
              <LuShieldCheck aria-hidden color="#2fd89e" />
              <Text>Your funds never leave your exchange</Text>
            </HStack>
            <Heading as="h1" fontSize={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="-0.03em">
              Automated crypto trading that works{' '}
              <Text as="span" color="gain.400">
                while you sleep
              </Text>
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.800" maxW="xl">
              Connect Binance or WazirX, pick a backtested strategy and let Trendex bots execute it around the
              clock — with every trade, profit and reward in one dashboard.
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild size="xl" colorPalette="brand">
                <RouterLink to={user ? homeFor(user.isAdmin) : '/signup'}>
                  Get Started <LuArrowRight aria-hidden />
                </RouterLink>
              </Button>
              <Button
                asChild
                size="xl"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.400"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to="/pricing">View plans</RouterLink>
              </Button>
            </HStack>
            <HStack gap={{ base: '5', md: '8' }} pt="2" color="whiteAlpha.800" fontSize="sm" flexWrap="wrap">
              <Text>
                <Text as="strong" color="white" fontSize="lg">
                  1.1M
                </Text>{' '}
                trades executed
              </Text>
              <Text>
                <Text as="strong" color="white" fontSize="lg">
                  25
                </Text>{' '}
                countries
              </Text>
              <Text>
                <Text as="strong" color="white" fontSize="lg">
                  10+
                </Text>{' '}
                strategies
              </Text>
            </HStack>
          </Stack>
          <Box
            borderRadius="2xl"
            overflow="hidden"
            boxShadow="0 30px 80px rgba(0,0,0,0.45)"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
          >
            {/* the page's largest paint: asked for first, beside the scripts, not after them */}
            <Image
              src="/images/dashboard-overview.svg"
              alt="The Trendex dashboard: wallet balance, equity curve and active bots"
              fetchPriority="high"
              w="full"
              h="auto"
              aspectRatio="800 / 520"
            />
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
