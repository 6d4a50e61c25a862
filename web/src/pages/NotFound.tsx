import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export default function NotFound() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" textAlign="center" align="center">
        <Text fontSize="6xl" fontWeight="800" color="brand.fg" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">The page you asked for does not exist or has moved.</Text>
        <HStack gap="3">
          <Button asChild colorPalette="brand">
            <RouterLink to="/">Back to home</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/contactus">Contact support</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
