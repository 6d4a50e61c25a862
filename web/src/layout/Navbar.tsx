import { Box, Button, Container, Flex, HStack, IconButton } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useState, type ComponentProps } from 'react';
import { LuLogOut, LuMenu } from 'react-icons/lu';
import { NavLink, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ColorModeToggle } from '../components/ColorModeToggle';
import { Logo } from '../components/Logo';
import { useAuth } from '../lib/auth';
import { NotificationsBell } from './NotificationsBell';
import { SUPPORT_FROM_RANK } from '#api/support';
import { useProfile } from '../lib/profile';
import { adminNavItem, memberNav, publicNav, supportNavItem, type NavItem } from './navLinks';
import { lazyDialog } from '../lib/lazyDialog';

// the phone menu (a drawer) is fetched when first opened: a wide screen never needs it
const PhoneMenu = lazyDialog(() => import('./PhoneMenu').then((m) => m.PhoneMenu));

function BarLink({ item }: { item: NavItem }) {
  return (
    <Box
      asChild
      px="2"
      py="1.5"
      borderRadius="md"
      whiteSpace="nowrap"
      fontSize="sm"
      fontWeight="medium"
      color="whiteAlpha.800"
      _hover={{ color: 'white', bg: 'whiteAlpha.150' }}
      css={{ '&[aria-current=page]': { color: 'white', bg: 'whiteAlpha.200' } }}
    >
      <NavLink to={item.to} end={item.to === '/'}>
        {item.label}
      </NavLink>
    </Box>
  );
}

/**
 * The bar's state from the session and the profile. A query's answer renders at once, in one task
 * (TanStack Query's store updates are never sliced): the profile only decides the support link, so
 * the bar gets it through a deferred value and is memoised, and the profile's answer re-renders it
 * in slices that yield to the browser (docs/decisions/web-performance.md).
 */
export function Navbar() {
  const { state, logout } = useAuth();
  const signedIn = state.status === 'signedIn';
  const profile = useProfile(signedIn);
  return (
    <NavbarWithSupport
      status={state.status}
      isAdmin={signedIn && state.user.isAdmin}
      supportNow={(profile.data?.rank ?? 0) >= SUPPORT_FROM_RANK}
      logout={logout}
    />
  );
}

/**
 * Defers the support link only. The profile is read by Navbar, not here: React throws away a
 * sliced render if a store it read changed meanwhile (the profile read again as the page loads) and
 * renders it again in one blocking task (lib/deferred.tsx).
 */
const NavbarWithSupport = memo(function NavbarWithSupport({
  supportNow,
  ...bar
}: Omit<ComponentProps<typeof NavbarView>, 'support'> & { supportNow: boolean }) {
  return <NavbarView {...bar} support={useDeferredValue(supportNow)} />;
});

const NavbarView = memo(function NavbarView({
  status,
  isAdmin,
  support,
  logout,
}: {
  status: 'loading' | 'signedOut' | 'signedIn';
  isAdmin: boolean;
  support: boolean;
  logout: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The auth pages offer their own switch between Log In and Sign Up; the bar hides its copies there.
  const onAuthPage = ['/login', '/signin', '/signup'].includes(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = status === 'signedIn';
  // While the session is being read, show no links rather than flashing the wrong set.
  const links =
    status === 'loading'
      ? []
      : signedIn
        ? [...memberNav, ...(support ? [supportNavItem] : []), ...(isAdmin ? [adminNavItem] : [])]
        : publicNav;
  // The member bar holds more links, so it folds into the drawer at a wider breakpoint.
  const wide = signedIn ? 'xl' : 'md';

  const onLogout = async () => {
    setMenuOpen(false);
    await logout();
    queryClient.clear();
    navigate('/', { replace: true });
  };

  return (
    <Box as="header" bg="bg.hero" color="white" position="sticky" top="0" zIndex="sticky" boxShadow="sm">
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap="4">
          <RouterLink to={signedIn ? '/dashboard' : '/'} aria-label="Trendex home">
            <Logo color="white" />
          </RouterLink>

          <HStack gap="1" display={{ base: 'none', [wide]: 'flex' }}>
            {links.map((item) => (
              <BarLink key={item.to} item={item} />
            ))}
          </HStack>

          <HStack gap="1.5">
            <ColorModeToggle onDark />
            {signedIn && <NotificationsBell onDark />}
            {status === 'signedOut' && !onAuthPage && (
              <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
                <Button asChild variant="ghost" size="sm" color="white" _hover={{ bg: 'whiteAlpha.200' }}>
                  <RouterLink to="/login">Log In</RouterLink>
                </Button>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to="/signup">Sign up</RouterLink>
                </Button>
              </HStack>
            )}
            {signedIn && (
              <Button
                variant="outline"
                size="sm"
                color="white"
                borderColor="whiteAlpha.400"
                _hover={{ bg: 'whiteAlpha.200' }}
                display={{ base: 'none', [wide]: 'inline-flex' }}
                onClick={onLogout}
              >
                <LuLogOut aria-hidden /> Log Out
              </Button>
            )}
            <IconButton
              aria-label="Open menu"
              variant="ghost"
              size="sm"
              color="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              display={{ base: 'inline-flex', [wide]: 'none' }}
              onClick={() => setMenuOpen(true)}
            >
              <LuMenu />
            </IconButton>
          </HStack>
        </Flex>
      </Container>

      <PhoneMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        links={links}
        signedOut={status === 'signedOut'}
        onLogout={signedIn ? onLogout : undefined}
      />
    </Box>
  );
});
