import {
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Portal,
  Stack,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuLogOut, LuMenu } from 'react-icons/lu';
import { NavLink, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ColorModeToggle } from '../components/ColorModeToggle';
import { Logo } from '../components/Logo';
import { useAuth } from '../lib/auth';
import { NotificationsBell } from './NotificationsBell';
import { SUPPORT_FROM_RANK } from '#api/support';
import { useProfile } from '../lib/profile';
import { adminNavItem, memberNav, publicNav, supportNavItem, type NavItem } from './navLinks';

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

function DrawerLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  return (
    <Box
      asChild
      px="3"
      py="2.5"
      borderRadius="md"
      fontWeight="medium"
      _hover={{ bg: 'bg.muted' }}
      css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
    >
      <NavLink to={item.to} onClick={onNavigate}>
        {item.label}
      </NavLink>
    </Box>
  );
}

export function Navbar() {
  const { state, logout } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The auth pages offer their own switch between Log In and Sign Up; the bar hides its copies there.
  const onAuthPage = ['/login', '/signin', '/signup'].includes(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = state.status === 'signedIn';
  const isAdmin = signedIn && state.user.isAdmin;
  const profile = useProfile(signedIn);
  const support = (profile.data?.rank ?? 0) >= SUPPORT_FROM_RANK ? [supportNavItem] : [];
  // While the session is being read, show no links rather than flashing the wrong set.
  const links =
    state.status === 'loading'
      ? []
      : signedIn
        ? [...memberNav, ...support, ...(isAdmin ? [adminNavItem] : [])]
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
            {state.status === 'signedOut' && !onAuthPage && (
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

      <Drawer.Root
        open={menuOpen}
        onOpenChange={(e) => setMenuOpen(e.open)}
        placement="end"
        size="xs"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Menu</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack as="nav" aria-label="Mobile" gap="1">
                  {links.map((item) => (
                    <DrawerLink key={item.to} item={item} onNavigate={() => setMenuOpen(false)} />
                  ))}
                  {state.status === 'signedOut' && (
                    <>
                      <DrawerLink
                        item={{ label: 'Log In', to: '/login' }}
                        onNavigate={() => setMenuOpen(false)}
                      />
                      <DrawerLink
                        item={{ label: 'Sign up', to: '/signup' }}
                        onNavigate={() => setMenuOpen(false)}
                      />
                    </>
                  )}
                  {signedIn && (
                    <Button mt="4" variant="outline" onClick={onLogout}>
                      <LuLogOut aria-hidden /> Log Out
                    </Button>
                  )}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
