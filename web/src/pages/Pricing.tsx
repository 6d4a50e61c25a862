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
import { lazy, Suspense, useState } from 'react';
import { LuCircleMinus } from 'react-icons/lu';
import type { PlanState } from '#api/schemas/plans';
import { BenefitList } from '../components/BenefitList';
import { FormAlert } from '../components/FormAlert';
import { PageHeader } from '../components/PageHeader';
import { useAuth } from '../lib/auth';
import { dayText } from '../lib/dates';
import { PLANS, type Plan } from '../lib/plans';
import { usePlans } from '../wallet/hooks';

// the subscribe dialog (with Top Up and its QR code) is its own chunk, fetched once a plan is chosen
const PlanSubscribeDialog = lazy(() =>
  import('./PlanSubscribeDialog').then((m) => ({ default: m.PlanSubscribeDialog })),
);

type Offer = PlanState['offers'][number];

/**
 * A plan card's button: Subscribe, or "Extend Plan" for the plan held (a visitor's always opens the
 * log-in prompt); under it, until when the plan held runs or why the plan cannot be bought. A plan
 * the member's membership includes has no button, only that it is included.
 */
function PlanButton({
  plan,
  offer,
  heldUntil,
  onChoose,
}: {
  plan: Plan;
  offer: Offer | undefined;
  heldUntil: string | null;
  onChoose: () => void;
}) {
  // the member's membership includes this plan: it is theirs, not on offer
  if (offer?.includedIn)
    return (
      <Text fontWeight="semibold" textAlign="center">
        {offer.reason}
      </Text>
    );
  return (
    <>
      <Button
        size="lg"
        colorPalette="brand"
        variant={plan.mostPopular ? 'solid' : 'outline'}
        aria-label={offer?.renews ? `Extend Plan (${plan.name})` : `Subscribe to ${plan.name}`}
        disabled={offer ? !offer.enabled : false}
        onClick={onChoose}
      >
        {offer?.renews ? 'Extend Plan' : 'Subscribe'}
      </Button>
      {offer && (offer.renews || !offer.enabled) && (
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          {offer.renews && heldUntil ? `Your current plan, until ${dayText(heldUntil)}.` : offer.reason}
        </Text>
      )}
    </>
  );
}

export default function Pricing() {
  const [selected, setSelected] = useState<Plan | null>(null);
  const [open, setOpen] = useState(false);
  const { state } = useAuth();
  const held = usePlans(state.status === 'signedIn').data;
  // The server's offer for a signed-in member: the plan held is extended ("Extend Plan"),
  // Executive is included in the Imperial Package, and a silver member's Imperial Package offers the upgrade.
  const offerOf = (plan: Plan) => held?.offers.find((o) => o.plan === plan.id);

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
              <BenefitList benefits={plan.benefits} gap="3" flex="1">
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
              </BenefitList>
              <PlanButton
                plan={plan}
                offer={offerOf(plan)}
                heldUntil={held?.expiresAt ?? null}
                onChoose={() => {
                  setSelected(plan);
                  setOpen(true);
                }}
              />
            </Stack>
          ))}
        </SimpleGrid>
        <Box mt="10">
          <FormAlert status="warning" title="Disclaimer">
            Crypto asset prices are volatile and past performance is no guide to future results. Trading bots
            can lose money. A membership unlocks software features only; it is not investment advice and does
            not promise any return. Plans run for one year from activation (extending one adds a year to its
            end) and are paid from your Trendex wallet.
          </FormAlert>
        </Box>
      </Container>
      {selected && (
        <Suspense>
          <PlanSubscribeDialog plan={selected} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
