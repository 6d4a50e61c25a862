import { Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowDownToLine, LuArrowUpFromLine } from 'react-icons/lu';
import { usdtText } from '../lib/format';

/** The total balance card: figures, then Top Up and Withdraw. */
export function BalanceCard({
  title,
  total,
  figures,
  loading,
  onTopUp,
  onWithdraw,
}: {
  title: string;
  total?: number;
  figures: { label: string; value?: number }[];
  loading: boolean;
  onTopUp: () => void;
  onWithdraw: () => void;
}) {
  const money = (v: number | undefined): ReactNode =>
    loading || v === undefined ? <Skeleton h="7" w="28" /> : usdtText(v);
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg.hero"
      color="white"
      borderRadius="2xl"
      p={{ base: '5', md: '8' }}
      boxShadow="md"
    >
      <Stack gap="6">
        <Stack gap="1">
          <Text color="whiteAlpha.800" fontSize="sm" textTransform="uppercase" letterSpacing="0.08em">
            {title}
          </Text>
          <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="800" data-testid="total-balance" as="div">
            {money(total)}
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: figures.length }} gap="4">
          {figures.map((f) => (
            <Stack key={f.label} gap="0">
              <Text color="whiteAlpha.700" fontSize="sm">
                {f.label}
              </Text>
              <Text fontSize="lg" fontWeight="semibold" as="div" aria-label={f.label}>
                {money(f.value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="gain" onClick={onTopUp}>
            <LuArrowDownToLine /> Top Up
          </Button>
          <Button
            variant="outline"
            color="white"
            borderColor="whiteAlpha.600"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={onWithdraw}
          >
            <LuArrowUpFromLine /> Withdraw
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
