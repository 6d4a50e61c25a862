import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import {
  LuArrowDownToLine,
  LuArrowUpFromLine,
  LuBadgeCheck,
  LuBot,
  LuCircleAlert,
  LuCoins,
  LuCrown,
  LuGitFork,
  LuKeyRound,
  LuListChecks,
  LuHandCoins,
  LuLayoutDashboard,
  LuLogOut,
  LuMailPlus,
  LuNetwork,
  LuScale,
  LuSearch,
  LuShieldCheck,
  LuTrophy,
  LuUser,
  LuUserPlus,
  LuWrench,
} from 'react-icons/lu';
import { NavLink, Outlet, Link as RouterLink, useNavigate } from 'react-router';
import { ColorModeToggle } from '../components/ColorModeToggle';
import { Logo } from '../components/Logo';
import { PageLoader } from '../components/PageLoader';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { TickerSlot } from '../components/TickerSlot';
import { adminNavItem, adminSidebar } from '../layout/navLinks';
import { useAuth } from '../lib/auth';

/** How a sidebar link looks. */
const sidebarLink = {
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontWeight: 'medium',
  color: 'fg.muted',
  _hover: { bg: 'bg.muted', color: 'fg' },
} as const;

/** One icon per sidebar page, so the list reads at a glance. */
const icons: Record<string, typeof LuLayoutDashboard> = {
  '/admindashboard': LuLayoutDashboard,
  '/admin1': LuNetwork,
  '/admindeposit': LuArrowDownToLine,
  '/adminwithdraw': LuArrowUpFromLine,
  '/adminpayout': LuHandCoins,
  '/balance': LuScale,
  '/adminregister': LuUserPlus,
  '/adminactivation': LuBadgeCheck,
  '/leaders': LuTrophy,
  '/structure': LuGitFork,
  '/searchprofile': LuSearch,
  '/transferemail': LuMailPlus,
  '/admintransfer': LuCoins,
  '/master': LuCrown,
  '/adminorder': LuBot,
  '/apibind': LuKeyRound,
  '/apierror': LuCircleAlert,
  '/auditlog': LuListChecks,
  '/operations': LuWrench,
};

/**
 * In place of every admin page while the session did not start with an authenticator code: the
 * admin API refuses such a session (MFA_REQUIRED), so the page could only show errors.
 */
function MfaRequired() {
  return (
    <Stack
      as="section"
      aria-label="Two-factor authentication required"
      layerStyle="card"
      p={{ base: '5', md: '8' }}
      gap="4"
      maxW="2xl"
      align="flex-start"
    >
      <Box bg="brand.subtle" color="brand.fg" p="3" borderRadius="lg" fontSize="2xl" aria-hidden>
        <LuShieldCheck />
      </Box>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        Admin pages need two-factor authentication
      </Heading>
      <Text color="fg.muted">
        Turn on two-factor authentication for your account under Security: scan a QR code with an
        authenticator app and enter its code. The admin pages open as soon as it is on.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/security">Set up two-factor authentication</RouterLink>
      </Button>
    </Stack>
  );
}

/** Admin top panel + sidebar. The sidebar lists only admin pages that exist (see navLinks.ts). */
export default function AdminLayout() {
  const { state, logout } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const email = state.status === 'signedIn' ? state.user.email : '';
  // RequireAdmin renders this layout only for a signed-in admin.
  const mfa = state.status === 'signedIn' && state.user.mfa;

  const onLogout = async () => {
    await logout();
    queryClient.clear();
    navigate('/', { replace: true });
  };

  return (
    <Flex direction="column" minH="100dvh" bg="bg.canvas">
      <SkipLink />
      <Box as="header" bg="bg.hero" color="white" position="sticky" top="0" zIndex="sticky">
        <Flex h="16" px={{ base: '3', md: '6' }} align="center" justify="space-between" gap="2">
          <HStack gap="3">
            <RouterLink to="/admindashboard" aria-label="Trendex back office home">
              <Logo color="white" />
            </RouterLink>
            <Text
              fontSize="xs"
              fontWeight="bold"
              textTransform="uppercase"
              letterSpacing="0.1em"
              color="brand.300"
              display={{ base: 'none', sm: 'block' }}
            >
              Back office
            </Text>
          </HStack>
          <HStack gap={{ base: '1', md: '2' }}>
            <Text fontSize="sm" color="whiteAlpha.700" display={{ base: 'none', lg: 'block' }}>
              {email}
            </Text>
            {/* at every width: below md as its icon (with its label the bar would overflow), named for screen readers */}
            <Button
              asChild
              size="sm"
              variant="ghost"
              color="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              px={{ base: '2', md: '3' }}
            >
              <RouterLink to="/dashboard" aria-label="Member area">
                <LuUser aria-hidden />
                <Box as="span" display={{ base: 'none', md: 'inline' }}>
                  Member area
                </Box>
              </RouterLink>
            </Button>
            <Button
              asChild
              size="sm"
              variant="ghost"
              color="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              css={{ '&[aria-current=page]': { bg: 'whiteAlpha.200' } }}
              // on a phone the logo is the way home (the bar has no room for both)
              display={{ base: 'none', sm: 'inline-flex' }}
            >
              <NavLink to={adminNavItem.to}>{adminNavItem.label}</NavLink>
            </Button>
            <ColorModeToggle onDark />
            <Button
              size="sm"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.400"
              _hover={{ bg: 'whiteAlpha.200' }}
              onClick={onLogout}
              aria-label="Log Out"
            >
              <LuLogOut aria-hidden />
              <Box as="span" display={{ base: 'none', md: 'inline' }}>
                Log Out
              </Box>
            </Button>
          </HStack>
        </Flex>
      </Box>
      <TickerSlot />
      <Flex flex="1" direction={{ base: 'column', md: 'row' }}>
        <Box
          as="aside"
          w={{ base: 'full', md: '60' }}
          flexShrink={0}
          bg="bg.surface"
          borderRightWidth={{ base: '0', md: '1px' }}
          borderBottomWidth={{ base: '1px', md: '0' }}
          borderColor="border.card"
          p="4"
        >
          <Stack
            as="nav"
            aria-label="Admin"
            gap="1"
            direction={{ base: 'row', md: 'column' }}
            overflowX={{ base: 'auto', md: 'visible' }}
            whiteSpace={{ base: 'nowrap', md: 'normal' }}
          >
            {adminSidebar.map((item) => {
              const Icon = icons[item.to] ?? LuLayoutDashboard;
              return (
                <HStack
                  key={item.to}
                  asChild
                  {...sidebarLink}
                  css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
                >
                  <NavLink to={item.to}>
                    <Icon aria-hidden />
                    {item.label}
                  </NavLink>
                </HStack>
              );
            })}
          </Stack>
        </Box>
        <Container
          as="main"
          id={MAIN_ID}
          tabIndex={-1}
          outline="none"
          maxW="6xl"
          px={{ base: '4', md: '8' }}
          py={{ base: '6', md: '10' }}
          flex="1"
          minW="0"
        >
          {mfa ? (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          ) : (
            <MfaRequired />
          )}
        </Container>
      </Flex>
    </Flex>
  );
}
