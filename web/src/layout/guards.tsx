import { Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { useAuth } from '../lib/auth';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

/** Where a visitor asked to go, for the login page to return to: path, query and hash. */
export interface ReturnTo {
  from: string;
}

function ToLogin() {
  const location = useLocation();
  const state: ReturnTo = { from: location.pathname + location.search + location.hash };
  return <Navigate to="/login" replace state={state} />;
}

/** Member area: a visitor goes to /login, which brings them back here once logged in. */
export function RequireMember() {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageLoader label="Checking your session…" />;
  if (state.status === 'signedOut') return <ToLogin />;
  return <Outlet />;
}

/**
 * In place of an admin page for a member: says why, and the way back to their own pages, in the
 * site's frame (the admin area's own layout is for admins).
 */
function AdminsOnly() {
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Navbar />
      <Flex as="main" id={MAIN_ID} tabIndex={-1} outline="none" direction="column" flex="1">
        <Container maxW="xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }}>
          <Stack layerStyle="card" p={{ base: '6', md: '8' }} gap="4" align="flex-start">
            <Heading as="h1" size="2xl" display="flex" alignItems="center" gap="3">
              <LuShieldAlert aria-hidden /> This page is for admins.
            </Heading>
            <Text color="fg.muted">
              Your account is a member account. Your own pages start at your dashboard.
            </Text>
            <Button asChild colorPalette="brand">
              <RouterLink to="/dashboard">Go to your dashboard</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Flex>
      <Footer />
    </Flex>
  );
}

/** Admin area: a visitor goes to /login, a member outside the 'admin' group is told it is for admins. */
export function RequireAdmin() {
  const { state } = useAuth();
  if (state.status === 'loading') return <PageLoader label="Checking your session…" />;
  if (state.status === 'signedOut') return <ToLogin />;
  if (!state.user.isAdmin) return <AdminsOnly />;
  return <Outlet />;
}

/** Home route for a signed-in user by role. */
export const homeFor = (isAdmin: boolean) => (isAdmin ? '/admindashboard' : '/dashboard');

/**
 * Where a log-in lands: the page the visitor asked for before being sent to log in, else the role's
 * home. (A member who asked for an admin page is told there that it is for admins.)
 */
export const afterLogin = (isAdmin: boolean, state: unknown): string => {
  const from = (state as Partial<ReturnTo> | null)?.from;
  // only a path of this site, never another origin ('//host') or the login page itself
  const ok = typeof from === 'string' && /^\/(?!\/)/.test(from) && !/^\/(login|signin)\b/.test(from);
  return ok ? from : homeFor(isAdmin);
};
