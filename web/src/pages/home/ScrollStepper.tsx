import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCheck } from 'react-icons/lu';
import { SectionTitle } from './SectionTitle';

const steps = [
  {
    title: 'Create your account',
    text: 'Sign up with the referral id of the member who invited you, choose your Left or Right team and verify your e-mail.',
  },
  {
    title: 'Connect your exchange',
    text: 'Create a trade-only API key on Binance or WazirX, whitelist our IP address and paste the key. We check it and store it encrypted.',
  },
  {
    title: 'Activate a plan',
    text: 'Top up your Trendex wallet with USDT and activate Executive or the Imperial Package. Your plan unlocks the bots you can deploy.',
  },
  {
    title: 'Deploy a bot',
    text: 'Pick a strategy, read its backtest, set your amount and deploy. Follow positions, closed orders and profit live.',
  },
];

/**
 * A vertical stepper whose active step follows the scroll position: the rail fills as the reader
 * scrolls through the section and the step nearest the middle of the viewport becomes current.
 */
export function ScrollStepper() {
  const sectionRef = useRef<HTMLOListElement>(null);
  const stepRefs = useRef<(HTMLLIElement | null)[]>([]);
  const [active, setActive] = useState(0);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const section = sectionRef.current;
      if (!section) return;
      const mid = window.innerHeight / 2;
      const rect = section.getBoundingClientRect();
      setProgress(Math.min(1, Math.max(0, (mid - rect.top) / rect.height)));
      let current = 0;
      stepRefs.current.forEach((el, i) => {
        if (el && el.getBoundingClientRect().top <= mid) current = i;
      });
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // the page's height changes without a scroll (sections below the first screen are drawn as
    // they come near, images load): the step at the middle may then be another one
    const layout = new ResizeObserver(onScroll);
    layout.observe(document.body);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      layout.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <Box as="section" aria-labelledby="how-title" py={{ base: '14', md: '20' }}>
      <Container maxW="4xl" px={{ base: '4', md: '6' }}>
        <SectionTitle
          id="how-title"
          eyebrow="How it works"
          title="From sign-up to your first trade"
          text="Scroll through the four steps."
        />
        <Box
          as="ol"
          ref={sectionRef}
          position="relative"
          listStyleType="none"
          aria-label="Getting started steps"
        >
          <Box position="absolute" left="19px" top="4" bottom="4" w="2px" bg="border.card" aria-hidden>
            <Box
              w="full"
              bg="brand.solid"
              h={`${progress * 100}%`}
              transition="height 0.15s linear"
              data-testid="stepper-progress"
            />
          </Box>
          {steps.map((s, i) => {
            const state = i < active ? 'done' : i === active ? 'current' : 'todo';
            return (
              <Box
                as="li"
                key={s.title}
                ref={(el: HTMLLIElement | null) => {
                  stepRefs.current[i] = el;
                }}
                aria-current={state === 'current' ? 'step' : undefined}
                display="flex"
                gap={{ base: '4', md: '6' }}
                minH={{ base: '44', md: '56' }}
                position="relative"
              >
                <Box
                  flexShrink={0}
                  w="10"
                  h="10"
                  borderRadius="full"
                  display="grid"
                  placeItems="center"
                  fontWeight="bold"
                  zIndex="1"
                  transition="all 0.25s"
                  bg={state === 'todo' ? 'bg.surface' : 'brand.solid'}
                  color={state === 'todo' ? 'fg.muted' : 'white'}
                  borderWidth="2px"
                  borderColor={state === 'todo' ? 'border.card' : 'brand.solid'}
                  boxShadow={state === 'current' ? '0 0 0 6px var(--chakra-colors-brand-muted)' : 'none'}
                  aria-hidden
                >
                  {state === 'done' ? <LuCheck /> : i + 1}
                </Box>
                {/* steps ahead are told apart by their grey title, not by fading the text (WCAG AA contrast) */}
                <Stack gap="2" pt="1.5" pb="8" maxW="2xl">
                  <Text fontSize="sm" fontWeight="bold" color={state === 'todo' ? 'fg.muted' : 'brand.fg'}>
                    Step {i + 1} of {steps.length}
                    {state === 'done' ? ' · done' : ''}
                  </Text>
                  <Heading
                    as="h3"
                    size={{ base: 'lg', md: 'xl' }}
                    color={state === 'todo' ? 'fg.muted' : 'fg'}
                    transition="color 0.25s"
                  >
                    {s.title}
                  </Heading>
                  <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
                    {s.text}
                  </Text>
                </Stack>
              </Box>
            );
          })}
        </Box>
      </Container>
    </Box>
  );
}
