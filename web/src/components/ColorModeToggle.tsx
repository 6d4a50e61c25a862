import { IconButton } from '@chakra-ui/react';
import { useTheme } from 'next-themes';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useHydrated } from '../lib/hydration';

function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  // a prerendered page's button is the light mode's until hydrated (the page's colours are right
  // from the first paint: index.html's colour-mode script sets them)
  const hydrated = useHydrated();
  const colorMode = hydrated && resolvedTheme === 'dark' ? 'dark' : 'light';
  return { colorMode, toggle: () => setTheme(colorMode === 'dark' ? 'light' : 'dark') };
}

export function ColorModeToggle({ onDark = false }: { onDark?: boolean }) {
  const { colorMode, toggle } = useColorMode();
  return (
    <IconButton
      aria-label={colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
      variant="ghost"
      size="sm"
      color={onDark ? 'white' : undefined}
      _hover={onDark ? { bg: 'whiteAlpha.200' } : undefined}
      onClick={toggle}
    >
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
