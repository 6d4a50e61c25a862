import { Heading, Stack, Text } from '@chakra-ui/react';

export function SectionTitle({
  eyebrow,
  title,
  text,
  id,
}: {
  eyebrow: string;
  title: string;
  text?: string;
  id?: string;
}) {
  return (
    <Stack gap="2" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '8', md: '12' }}>
      <Text textTransform="uppercase" letterSpacing="0.12em" fontSize="xs" fontWeight="bold" color="brand.fg">
        {eyebrow}
      </Text>
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
        {title}
      </Heading>
      {text && <Text color="fg.muted">{text}</Text>}
    </Stack>
  );
}
