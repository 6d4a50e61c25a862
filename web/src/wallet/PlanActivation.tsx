import { Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import type { PlanOption } from '#api/schemas/plans';
import { AppDialog, DialogDismiss } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { ApiError, callApi, errorMessage } from '../lib/api';
import { plainUsdt, usdtText } from '../lib/format';
import { dayText } from '../lib/dates';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';
import { useMoneyRefresh, usePlans, useWallet } from './hooks';
import { planActivatedImage as activatedImage } from './planActivatedImage';
import { TopUpDialog } from './TopUpDialog';

/** Spec section 9: the confirmation modal closes 2 s after success and the image modal opens. */
const AUTO_CLOSE_MS = 2000;

/**
 * The member branch of a Subscribe modal: price, paying wallet, the disabled reason when the plan
 * cannot be bought, Confirm, then 'Plan activated.' or 'You Dont have wallet balance.' with how
 * much is missing and a Top Up of the paying wallet.
 */
export function PlanConfirm({ plan, onActivated }: { plan: PlanOption; onActivated: () => void }) {
  const plans = usePlans();
  const balances = useWallet();
  const refresh = useMoneyRefresh();
  const [topUp, setTopUp] = useState(false);
  // one purchase per opening of the modal: a retry or a second click is the same purchase
  const ids = useRequestId();
  const activate = useMutation({
    mutationFn: (requestId: string) => callApi('activatePlan', { plan, requestId }),
    ...moneyRetry,
    onSuccess: () => void refresh(),
    onSettled: (_answer, error) => ids.settled(error),
  });
  const confirm = useSingleFlight(activate);
  // The timer starts once per success. Callers pass a new closure each render; were it a dependency,
  // a re-render after the timer fired (the balances refreshing) would start it again and reopen the
  // success modal after the member closed it.
  const closeAfterSuccess = useEffectEvent(onActivated);
  useEffect(() => {
    if (!activate.isSuccess) return;
    const timer = setTimeout(closeAfterSuccess, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [activate.isSuccess]);

  const offer = plans.data?.offers.find((o) => o.plan === plan);
  const wallet = offer?.wallet === 'wallet1' ? 'Trendex Core wallet' : 'Trendex wallet';
  const noBalance = activate.error instanceof ApiError && activate.error.code === 'NO_BALANCE';
  const held = offer && balances.data ? balances.data[offer.wallet] : undefined;
  const missing = offer && held !== undefined ? Math.max(0, offer.price - held) : undefined;

  return (
    <Stack gap="4">
      {offer && (
        <Text>
          {offer.name} costs <Text as="strong">{usdtText(offer.price)}</Text>, paid from your {wallet}.
        </Text>
      )}
      {offer?.enabled && offer.endsAt && plan !== 'upgrade' && !activate.isSuccess && (
        <Text data-testid="plan-ends">
          {offer.renews
            ? `Extending adds a year: your plan will then end on ${dayText(offer.endsAt)}.`
            : `Your plan will run until ${dayText(offer.endsAt)}.`}
        </Text>
      )}
      {plans.isError && <FormAlert status="error">{errorMessage(plans.error)}</FormAlert>}
      {offer && !offer.enabled && !activate.isSuccess && <FormAlert status="info">{offer.reason}</FormAlert>}
      {activate.isSuccess && <FormAlert status="success">{activate.data.message}</FormAlert>}
      {activate.isError && (
        <FormAlert status="error">
          <Stack gap="2" align="flex-start">
            {/* the spec's words, then what to do about them */}
            <Text>{errorMessage(activate.error)}</Text>
            {noBalance && offer && missing !== undefined && missing > 0 && (
              <>
                <Text data-testid="missing-amount">
                  You need {usdtText(missing)} more in your {wallet}.
                </Text>
                <Button size="sm" colorPalette="gain" onClick={() => setTopUp(true)}>
                  Top Up
                </Button>
              </>
            )}
          </Stack>
        </FormAlert>
      )}
      <HStack justify="flex-end">
        <Button
          colorPalette="brand"
          onClick={() => confirm(ids.requestId)}
          loading={activate.isPending}
          disabled={!offer?.enabled || activate.isSuccess}
        >
          Confirm
        </Button>
      </HStack>
      {offer && (
        <TopUpDialog
          open={topUp}
          onOpenChange={(open) => {
            setTopUp(open);
            // back from the Top Up: the earlier refusal no longer stands, Confirm asks again
            if (!open) activate.reset();
          }}
          wallet={offer.wallet}
          initialAmount={missing ? plainUsdt(missing) : undefined}
        />
      )}
    </Stack>
  );
}

/** The success modal with an image, shown after the confirmation modal closes. */
export function PlanActivatedDialog({
  open,
  onOpenChange,
  name,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  name: string;
}) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      bodyProps={{ pt: '8' }}
      footerProps={{ justifyContent: 'center' }}
      footer={<DialogDismiss primary>Continue</DialogDismiss>}
    >
      <Stack align="center" gap="4" textAlign="center">
        <Image src={activatedImage} alt="Plan activated" w="240px" h="180px" />
        <Text fontSize="lg" fontWeight="semibold">
          {name} is active.
        </Text>
      </Stack>
    </AppDialog>
  );
}

/** A Subscribe modal for one plan option plus its success image modal. */
export function PlanSubscribeModal({
  plan,
  title,
  open,
  onOpenChange,
}: {
  plan: PlanOption;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [done, setDone] = useState(false);
  return (
    <>
      <AppDialog open={open} onOpenChange={onOpenChange} title={title} bodyProps={{ pb: '6' }}>
        <PlanConfirm
          plan={plan}
          onActivated={() => {
            onOpenChange(false);
            setDone(true);
          }}
        />
      </AppDialog>
      <PlanActivatedDialog
        open={done}
        onOpenChange={setDone}
        name={title.replace(/^(Subscribe to|Extend) /, '')}
      />
    </>
  );
}
