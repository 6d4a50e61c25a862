import { HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

/**
 * Tabs that are pages (each its own route, e.g. the Deposit, Withdraw and Payout reports): links in
 * a named nav, `current` marked aria-current="page" (a page may have more than one route), drawn
 * like Chakra's line tabs. Tab roles would promise a tab panel in the page that each tab controls,
 * which a route does not have.
 */
export function RouteTabs({
  label,
  items,
  current,
}: {
  label: string;
  items: { to: string; label: string }[];
  current: string;
}) {
  return (
    <HStack as="nav" aria-label={label} gap="0" borderBottomWidth="1px" borderColor="border" flexWrap="wrap">
      {items.map((item) => (
        <Link
          key={item.to}
          asChild
          px="4"
          py="2"
          mb="-1px"
          fontWeight="medium"
          fontSize="sm"
          color="fg.muted"
          borderBottomWidth="2px"
          borderColor="transparent"
          textDecoration="none"
          _hover={{ color: 'fg' }}
          css={{ '&[aria-current=page]': { color: 'fg', borderColor: 'brand.solid' } }}
        >
          <RouterLink to={item.to} aria-current={item.to === current ? 'page' : undefined}>
            {item.label}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  );
}
