import { Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { NavLink } from 'react-router';
import type { NavItem } from './navLinks';

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

/** The menu of the navbar below its breakpoint: the bar's links in a drawer. */
export function PhoneMenu({
  open,
  onOpenChange,
  links,
  signedOut,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: NavItem[];
  signedOut: boolean;
  /** Given when signed in: the drawer's Log Out. */
  onLogout?: () => void;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
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
                  <DrawerLink key={item.to} item={item} onNavigate={() => onOpenChange(false)} />
                ))}
                {signedOut && (
                  <>
                    <DrawerLink
                      item={{ label: 'Log In', to: '/login' }}
                      onNavigate={() => onOpenChange(false)}
                    />
                    <DrawerLink
                      item={{ label: 'Sign up', to: '/signup' }}
                      onNavigate={() => onOpenChange(false)}
                    />
                  </>
                )}
                {onLogout && (
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
  );
}
