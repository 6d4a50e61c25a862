import { HStack, Text } from '@chakra-ui/react';

/** The Trendex mark: a rising candle chart in a rounded square, plus the wordmark. */
export function Logo({ color = 'fg', size = 'md' }: { color?: string; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 36 : 30;
  return (
    <HStack gap="2" color={color}>
      <svg width={box} height={box} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1d48f0" />
        <rect x="7" y="16" width="4" height="9" rx="1" fill="#bcd3ff" />
        <rect x="14" y="11" width="4" height="14" rx="1" fill="#e7efff" />
        <rect x="21" y="6" width="4" height="19" rx="1" fill="#2fd89e" />
      </svg>
      <Text as="span" fontWeight="800" fontSize={size === 'lg' ? '2xl' : 'xl'} letterSpacing="-0.02em">
        Trendex
      </Text>
    </HStack>
  );
}
