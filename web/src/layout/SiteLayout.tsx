import { Flex } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { TickerSlot } from '../components/TickerSlot';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Navbar, ticker slot, the page, footer: the frame of every public and member page. */
export function SiteLayout() {
  return (
    <Flex direction="column" minH="100dvh">
      <ScrollToTop />
      <SkipLink />
      <Navbar />
      <TickerSlot />
      <Flex as="main" id={MAIN_ID} tabIndex={-1} outline="none" direction="column" flex="1">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Flex>
      <Footer />
    </Flex>
  );
}
