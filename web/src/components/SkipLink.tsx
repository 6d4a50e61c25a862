import { Link } from '@chakra-ui/react';

/** The id of every layout's main region: the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first tab stop of every page, hidden until it has focus, so a keyboard
 * user goes past the navigation to the page in one key press (WCAG 2.4.1, bypass blocks).
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      position="absolute"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      bg="bg.surface"
      color="brand.fg"
      fontWeight="semibold"
      borderRadius="md"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.focusRing' }}
      onClick={(e) => {
        // focus the page itself, not only scroll to it: the next Tab then starts in the page
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
      }}
    >
      Skip to content
    </Link>
  );
}
