import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The dark band at the top of content pages. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Box bg="bg.hero" color="white" py={{ base: '10', md: '16' }} position="relative" overflow="hidden">
      <Box
        position="absolute"
        inset="0"
        opacity="0.5"
        bgImage="radial-gradient(circle at 85% 20%, rgba(51,102,255,0.45), transparent 45%), radial-gradient(circle at 10% 90%, rgba(18,184,134,0.25), transparent 40%)"
        aria-hidden
      />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} position="relative">
        <Stack gap="3" maxW="3xl">
          {eyebrow && (
            <Text
              textTransform="uppercase"
              letterSpacing="0.12em"
              fontSize="xs"
              fontWeight="bold"
              color="brand.300"
            >
              {eyebrow}
            </Text>
          )}
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em">
            {title}
          </Heading>
          {children && (
            <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.800">
              {children}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
