import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PlanOption } from '#api/schemas/plans';
import { AppDialog } from '../components/AppDialog';
import { useAuth } from '../lib/auth';
import { planById, type Plan } from '../lib/plans';
import { usePlans } from '../wallet/hooks';
import { PlanActivatedDialog, PlanConfirm } from '../wallet/PlanActivation';

/**
 * Subscribe dialog of the pricing page. A visitor is asked to log in; a member confirms and the
 * plan is paid from the wallet ('Plan activated.' or 'You Dont have wallet balance.'). An
 * Executive member choosing the Imperial Package is offered the upgrade (20 USDT) instead; the plan held is
 * extended by a year ("Extend", with the new end date).
 */
export function PlanSubscribeDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: Plan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { state } = useAuth();
  const signedIn = state.status === 'signedIn';
  const plans = usePlans(signedIn);
  const [activated, setActivated] = useState<string | null>(null);

  const offersUpgrade =
    plan?.id === 'imperial' && !!plans.data?.isSilver && !plans.data?.isGold && !!plans.data?.isActive;
  const offersRenewal = !!plans.data?.offers.find((o) => o.plan === plan?.id)?.renews;
  // What the dialog offers is fixed when it opens: the plan state changes once the purchase succeeds.
  const [locked, setLocked] = useState<{ upgrade: boolean; renews: boolean } | null>(null);
  useEffect(() => {
    if (!open) setLocked(null);
    else if (locked === null && plans.data) setLocked({ upgrade: offersUpgrade, renews: offersRenewal });
  }, [open, locked, plans.data, offersUpgrade, offersRenewal]);
  const { upgrade, renews } = locked ?? { upgrade: offersUpgrade, renews: offersRenewal };
  const option: PlanOption | null = plan ? (upgrade ? 'upgrade' : plan.id) : null;
  const title = !signedIn
    ? 'Log in to subscribe'
    : upgrade
      ? `Upgrade to the ${planById('imperial').name}`
      : `${renews ? 'Extend' : 'Subscribe to'} ${plan?.name ?? ''}`;

  return (
    <>
      <AppDialog
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        bodyProps={signedIn ? { pb: '6' } : undefined}
        footer={
          !signedIn && (
            <HStack gap="3">
              <Button asChild variant="outline">
                <RouterLink to="/signup">Sign up</RouterLink>
              </Button>
              <Button asChild colorPalette="brand">
                <RouterLink to="/login">Log In</RouterLink>
              </Button>
            </HStack>
          )
        }
      >
        {!signedIn ? (
          <Text color="fg.muted">
            Plans are activated from your Trendex wallet. Log in to your account, or create one in a minute,
            to subscribe to {plan?.name ?? 'a plan'}.
          </Text>
        ) : (
          option && (
            <PlanConfirm
              key={option}
              plan={option}
              onActivated={() => {
                onOpenChange(false);
                setActivated(plan?.name ?? 'Your plan');
              }}
            />
          )
        )}
      </AppDialog>
      <PlanActivatedDialog
        open={activated !== null}
        onOpenChange={(o) => !o && setActivated(null)}
        name={activated ?? ''}
      />
    </>
  );
}
