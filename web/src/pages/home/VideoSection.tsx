import { Box, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';

export function VideoSection() {
  return (
    <Box as="section" aria-labelledby="video-title" bg="bg.hero" color="white" py={{ base: '14', md: '20' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Grid
          templateColumns={{ base: '1fr', lg: '2fr 3fr' }}
          gap={{ base: '8', lg: '12' }}
          alignItems="center"
        >
          <Stack gap="4">
            <Text
              textTransform="uppercase"
              letterSpacing="0.12em"
              fontSize="xs"
              fontWeight="bold"
              color="brand.300"
            >
              See it in action
            </Text>
            <Heading as="h2" id="video-title" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
              A bot at work, in ten seconds
            </Heading>
            <Text color="whiteAlpha.800">
              Connect your exchange, pick a strategy and deploy. From then on your bot follows the market and
              every trade shows up in your dashboard.
            </Text>
            <List.Root variant="plain" gap="2">
              {['Connect Binance or WazirX', 'Pick a strategy and deploy', 'Track every trade live'].map(
                (t) => (
                  <List.Item key={t}>
                    <List.Indicator asChild color="gain.400">
                      <LuCircleCheck />
                    </List.Indicator>
                    {t}
                  </List.Item>
                ),
              )}
            </List.Root>
          </Stack>
          <Box
            borderRadius="2xl"
            overflow="hidden"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            boxShadow="0 30px 80px rgba(0,0,0,0.45)"
            bg="black"
          >
            <video
              controls
              muted
              loop
              playsInline
              preload="metadata"
              poster="/media/trendex-demo-poster.jpg"
              aria-label="Product animation: a Trendex bot trading BTC/USDT"
              style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9' }}
            >
              <source src="/media/trendex-demo.webm" type="video/webm" />
              <source src="/media/trendex-demo.mp4" type="video/mp4" />
              Your browser cannot play this video.
            </video>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
