import { Box, Button, Code, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCopy, LuGift, LuShare2, LuUserPlus } from 'react-icons/lu';
import { NativeChoice } from '../components/NativeChoice';

/** The referral link a sponsor shares: the sign-up page with their username and the chosen side. */
const referralLink = (origin: string, username: string, side: 'Left' | 'Right') =>
  `${origin}/signup?sposer=${encodeURIComponent(username)}&side=${side}`;

const steps = [
  {
    icon: LuUserPlus,
    title: 'Join and get your link',
    text: 'Your account comes with a referral link for each team.',
  },
  {
    icon: LuShare2,
    title: 'Share your link',
    text: 'Send it to friends; they join your Team 1 (Left) or Team 2 (Right).',
  },
  {
    icon: LuGift,
    title: 'Earn rewards',
    text: 'Earn rewards when a sign-up from your link activates a plan.',
  },
];

/**
 * Refer and Earn (spec section 2): the three steps, the Team 1 / Team 2 choice and the referral
 * link with its copy button. The /rewards page's content (its title the page's h1), and a section
 * of Team Glance (an h2).
 */
export function ReferAndEarn({
  username,
  headingLevel = 'h2',
}: {
  username: string;
  headingLevel?: 'h1' | 'h2';
}) {
  const [side, setSide] = useState<'Left' | 'Right'>('Left');
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const link = referralLink(window.location.origin, username, side);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 2500);
    } catch (error) {
      console.error('copy failed', error);
    }
  };

  return (
    <Box as="section" aria-label="Refer and Earn" layerStyle="card" p={{ base: '5', md: '6' }}>
      <Heading as={headingLevel} size={headingLevel === 'h1' ? { base: '2xl', md: '3xl' } : 'lg'} mb="5">
        Refer and Earn
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="6">
        {steps.map(({ icon: Icon, title, text }, i) => (
          <HStack key={title} align="start" gap="3">
            <Box bg="brand.subtle" color="brand.fg" p="2.5" borderRadius="lg" aria-hidden>
              <Icon />
            </Box>
            <Stack gap="0.5">
              <Text fontWeight="semibold">
                {i + 1}. {title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {text}
              </Text>
            </Stack>
          </HStack>
        ))}
      </SimpleGrid>
      <Stack gap="3">
        <HStack gap="6" role="radiogroup" aria-label="Referral side">
          <NativeChoice
            type="radio"
            name="referral-side"
            checked={side === 'Left'}
            onChange={() => setSide('Left')}
          >
            Team 1 (Left)
          </NativeChoice>
          <NativeChoice
            type="radio"
            name="referral-side"
            checked={side === 'Right'}
            onChange={() => setSide('Right')}
          >
            Team 2 (Right)
          </NativeChoice>
        </HStack>
        <HStack gap="3" flexWrap="wrap">
          <Code fontSize="sm" px="3" py="1.5" aria-label="Referral link" wordBreak="break-all" maxW="full">
            {link}
          </Code>
          <Button size="sm" variant="outline" onClick={() => void copy()} aria-label="Copy referral link">
            <LuCopy /> Copy
          </Button>
        </HStack>
        {copied && (
          <Text color="green.fg" fontSize="sm" role="status">
            Text copied to clipboard!
          </Text>
        )}
      </Stack>
    </Box>
  );
}
