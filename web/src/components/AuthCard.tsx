import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The centred card used by the login, sign-up, verify and reset pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  maxW = 'md',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxW?: string;
}) {
  return (
    <Box flex="1" bg="bg.canvas" py={{ base: '8', md: '16' }}>
      <Container maxW={maxW} px={{ base: '4', md: '6' }}>
        <Box
          bg="bg.surface"
          borderWidth="1px"
          borderColor="border.card"
          borderRadius="2xl"
          boxShadow="md"
          p={{ base: '5', md: '8' }}
        >
          <Stack gap="1" mb="6">
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
          {children}
        </Box>
      </Container>
    </Box>
  );
}
