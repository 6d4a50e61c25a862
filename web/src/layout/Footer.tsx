import { Box, Container, HStack, IconButton, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FaLinkedinIn, FaTelegram, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../components/Logo';
import { getConfig, type RuntimeConfig } from '../lib/config';
import { useBrowserValue } from '../lib/hydration';
import { footerLinks } from './navLinks';

const configuredSocials = () => getConfig().social;

const socials: { key: keyof NonNullable<RuntimeConfig['social']>; label: string; icon: typeof FaXTwitter }[] =
  [
    { key: 'x', label: 'Trendex on X', icon: FaXTwitter },
    { key: 'telegram', label: 'Trendex on Telegram', icon: FaTelegram },
    { key: 'linkedin', label: 'Trendex on LinkedIn', icon: FaLinkedinIn },
    { key: 'youtube', label: 'Trendex on YouTube', icon: FaYoutube },
  ];

export function Footer() {
  // only pages the deployment configured (config.json `social`); none configured, no "Follow us".
  // A prerendered page knows no deployment's settings: they show once it is hydrated.
  const configured = useBrowserValue(configuredSocials, undefined) ?? {};
  const links = socials.flatMap((s) => (configured[s.key] ? [{ ...s, href: configured[s.key]! }] : []));
  return (
    <Box as="footer" bg="bg.hero" color="whiteAlpha.800" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="10">
          <Stack gap="3" maxW="sm">
            <Logo color="white" />
            <Text fontSize="sm">
              Automated crypto trading on your own exchange account. Your funds stay on Binance or WazirX;
              Trendex only places the trades your bot decides.
            </Text>
          </Stack>
          <Stack as="nav" aria-label="Quick links" gap="2">
            <Text fontWeight="semibold" color="white">
              Quick links
            </Text>
            {footerLinks.map((l) => (
              <Link key={l.to} asChild color="whiteAlpha.800" fontSize="sm" _hover={{ color: 'white' }}>
                <RouterLink to={l.to}>{l.label}</RouterLink>
              </Link>
            ))}
          </Stack>
          <Stack gap="3">
            {links.length > 0 && (
              <Text fontWeight="semibold" color="white">
                Follow us
              </Text>
            )}
            <HStack gap="2">
              {links.map(({ label, icon: Icon, href }) => (
                <IconButton
                  key={label}
                  asChild
                  aria-label={label}
                  variant="outline"
                  size="sm"
                  borderRadius="full"
                  color="white"
                  borderColor="whiteAlpha.300"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <a href={href} aria-label={label} target="_blank" rel="noreferrer">
                    <Icon aria-hidden />
                  </a>
                </IconButton>
              ))}
            </HStack>
            <Text fontSize="xs" color="whiteAlpha.600">
              Crypto trading carries risk. Past performance is no guide to future results. Nothing on this
              site is financial advice.
            </Text>
          </Stack>
        </SimpleGrid>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt="10" pt="6">
          {/* a page prerendered last year keeps its build's year until the footer renders again */}
          <Text fontSize="sm" suppressHydrationWarning>
            © {new Date().getFullYear()} Trendex. All rights reserved.
          </Text>
        </Box>
      </Container>
    </Box>
  );
}
