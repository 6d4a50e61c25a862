import {
  Badge,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuCircleCheck, LuCircleMinus } from 'react-icons/lu';
import { FormAlert } from '../components/FormAlert';
import { PageHeader } from '../components/PageHeader';
import { useAuth } from '../lib/auth';
import { PLANS, type Plan } from '../lib/plans';
import { usePlans } from '../wallet/hooks';
import { PlanSubscribeDialog } from './PlanSubscribeDialog';

export default function Pricing() {
  const [selected, setSelected] = useState<Plan | null>(null);
  const [open, setOpen] = useState(false);
  const { state } = useAuth();
  const held = usePlans(state.status === 'signedIn').data;
  // Spec section 4: Executive is disabled for a silver (or gold) member, Imperial for a gold one;
  // a silver member's Imperial Subscribe offers the upgrade.
  const holds = (plan: Plan) =>
    Boolean(held && (plan.id === 'executive' ? held.isSilver || held.isGold : held.isGold));

  return (
    <>
      <PageHeader eyebrow="Pricing" title="Simple yearly membership">
        Two plans, paid in USDT from your Trendex wallet. Pick the bots you need — upgrade at any time.
      </PageHeader>
      <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '6', md: '8' }} alignItems="stretch">
          {PLANS.map((plan) => (
            <Stack
              key={plan.id}
              as="section"
              aria-label={`${plan.name} plan`}
              bg="bg.surface"
              borderWidth={plan.mostPopular ? '2px' : '1px'}
              borderColor={plan.mostPopular ? 'brand.solid' : 'border.card'}
              borderRadius="2xl"
              p={{ base: '6', md: '8' }}
              gap="6"
              boxShadow={plan.mostPopular ? 'lg' : 'sm'}
              position="relative"
            >
              <HStack justify="space-between" align="flex-start">
                <Heading as="h2" size="2xl">
                  {plan.name}
                </Heading>
                {plan.mostPopular && (
                  <Badge colorPalette="brand" variant="solid" size="lg" borderRadius="full" px="3">
                    Most Popular
                  </Badge>
                )}
              </HStack>
              <HStack align="baseline" gap="2">
                <Text fontSize="5xl" fontWeight="800" letterSpacing="-0.03em" lineHeight="1">
                  {plan.priceUsdt}
                </Text>
                <Text fontWeight="semibold" color="fg.muted">
                  USDT / year
                </Text>
              </HStack>
              <List.Root variant="plain" gap="3" flex="1">
                {plan.benefits.map((b) => (
                  <List.Item key={b}>
                    <List.Indicator asChild color="gain.fg">
                      <LuCircleCheck />
                    </List.Indicator>
                    {b}
                  </List.Item>
                ))}
                {plan.notIncluded.map((b) => (
                  <List.Item key={b} color="fg.subtle">
                    <List.Indicator asChild>
                      <LuCircleMinus />
                    </List.Indicator>
                    <Text as="span">
                      {b}
                      <Text as="span" srOnly>
                        {' '}
                        (not included)
                      </Text>
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
              <Button
                size="lg"
                colorPalette="brand"
                variant={plan.mostPopular ? 'solid' : 'outline'}
                aria-label={`Subscribe to ${plan.name}`}
                disabled={holds(plan)}
                onClick={() => {
                  setSelected(plan);
                  setOpen(true);
                }}
              >
                Subscribe
              </Button>
              {holds(plan) && (
                <Text fontSize="sm" color="fg.muted" textAlign="center">
                  {held?.isGold && plan.id === 'executive'
                    ? 'Included in your Imperial plan.'
                    : 'Your current plan.'}
                </Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
        <Box mt="10">
          <FormAlert status="warning" title="Disclaimer">
            Crypto asset prices are volatile and past performance is no guide to future results. Trading bots
            can lose money. A membership unlocks software features only; it is not investment advice and does
            not promise any return. Plans run for one year from activation and are paid from your Trendex
            wallet.
          </FormAlert>
        </Box>
      </Container>
      <PlanSubscribeDialog plan={selected} open={open} onOpenChange={setOpen} />
    </>
  );
}
