import { Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCopy } from 'react-icons/lu';

/** The address the member restricts the new API key to, with a copy button. */
export function WhitelistIp({ ip }: { ip: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(ip);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.error('copy failed', error); // spec: a copy failure is only logged
    }
  };
  return (
    <Box
      as="section"
      aria-label="IP address to whitelist"
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="2">
        <Text fontWeight="semibold">IP address to whitelist</Text>
        <Text color="fg.muted" fontSize="sm">
          When you create the API key on the exchange, restrict it to this IP address. Enable reading and
          trading only: a key that can withdraw is refused.
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Code fontSize="md" px="3" py="1.5" aria-label="IP address">
            {ip}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <LuCopy /> Copy IP
          </Button>
          {copied && (
            <Text color="green.fg" fontSize="sm" role="status">
              copied
            </Text>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
