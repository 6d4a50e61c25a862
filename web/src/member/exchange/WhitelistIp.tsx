import { Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCopy } from 'react-icons/lu';

/**
 * The addresses the member restricts the new API key to (every egress IP of the platform: Binance
 * takes one entry per IP), each with a copy button.
 */
export function WhitelistIp({ ips }: { ips: readonly string[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async (ip: string) => {
    try {
      await navigator.clipboard.writeText(ip);
      setCopied(ip);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(null), 2000);
    } catch (error) {
      console.error('copy failed', error); // spec: a copy failure is only logged
    }
  };
  const several = ips.length > 1;
  return (
    <Box
      as="section"
      aria-label={several ? 'IP addresses to whitelist' : 'IP address to whitelist'}
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="2">
        <Text fontWeight="semibold">{several ? 'IP addresses to whitelist' : 'IP address to whitelist'}</Text>
        <Text color="fg.muted" fontSize="sm">
          When you create the API key on the exchange, restrict it to{' '}
          {several ? 'each of these IP addresses' : 'this IP address'}. Enable reading and trading only: a key
          that can withdraw is refused.
        </Text>
        {ips.map((ip) => (
          <HStack key={ip} gap="3" flexWrap="wrap">
            <Code fontSize="md" px="3" py="1.5" aria-label="IP address">
              {ip}
            </Code>
            <Button size="sm" variant="outline" onClick={() => void copy(ip)} aria-label={`Copy IP ${ip}`}>
              <LuCopy /> Copy IP
            </Button>
            {copied === ip && (
              <Text color="green.fg" fontSize="sm" role="status">
                copied
              </Text>
            )}
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
