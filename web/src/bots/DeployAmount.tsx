/**
 * The two steps every deploy goes through (issue 28): the amount the bot may use, beside the bot's
 * least amount and the member's free balance on its market; then a confirmation that names what is
 * at risk in USDT for that amount (the stop, the kill switch, the worst drop of its tests), the
 * profit charge and, for a bot that lost money in testing, a box the member ticks. The server
 * checks the same limits (functions/bots/amount.ts).
 */
import { Button, DataList, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MICRO_PER_USDT } from '#api/money';
import { smallestOrderText, type BotCard, type DeployLimits } from '#api/schemas/bots';
import { NativeChoice } from '../components/NativeChoice';
import { usdtText } from '../lib/format';
import { LostInTesting } from './Evidence';

/** The amount field's default: the least amount the bot may use, in whole USDT. */
export const defaultAmount = (limits: DeployLimits | undefined): string =>
  limits ? String(Math.ceil(limits.minimum / MICRO_PER_USDT)) : '';

/** Why an amount cannot be deployed, before asking the server (which checks it again), or null. */
export const amountProblem = (micro: number | null, limits: DeployLimits | undefined): string | null => {
  if (!micro) return 'Enter the amount in USDT, e.g. 100 or 100.50.';
  const least = limits ? Math.ceil(limits.minimum / MICRO_PER_USDT) : 0;
  if (limits && micro < limits.minimum) {
    const smallest = (micro / MICRO_PER_USDT) * limits.smallestOrderPerUsdt;
    return smallest < limits.orderMinimum
      ? smallestOrderText(smallest, limits.orderMinimum, `Use at least ${least} USDT.`)
      : `This bot needs at least ${least} USDT.`;
  }
  if (limits?.free !== null && limits?.free !== undefined && micro > limits.free)
    return `Your Binance ${limits.market} account has ${usdtText(limits.free)} free.`;
  return null;
};

/** The member's free balance on the bot's market, or how to see it. */
export const freeText = (limits: DeployLimits): string =>
  limits.free === null
    ? 'Connect Binance on the Exchange page to see your free balance.'
    : `Free on your Binance ${limits.market} account: ${usdtText(limits.free)}.`;

/** The amount input with the bot's least amount and the member's free balance under it. */
export function AmountField({
  limits,
  register,
  error,
  label = 'Amount the bot may use (USDT)',
}: {
  limits: DeployLimits | undefined;
  register: UseFormRegisterReturn;
  error: string | undefined;
  label?: string;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input inputMode="decimal" placeholder="Enter The Amount" maxW="xs" {...register} />
      <Field.HelperText>
        {limits ? (
          <>
            At least {usdtText(limits.minimum)} (Binance takes no order under {limits.orderMinimum} USDT).{' '}
            {freeText(limits)}
          </>
        ) : (
          'Reading the least amount and your free balance…'
        )}
      </Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

const usdt = (x: number) =>
  `${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;

/** The confirmation: what this amount puts at risk, in USDT, and the consent a losing bot needs. */
export function ConfirmDeploy({
  card,
  amount,
  quote = 'USDT',
  symbol: chosenSymbol,
  acceptLoss,
  onAcceptLoss,
  onConfirm,
  onBack,
  pending,
  confirmLabel,
}: {
  card: BotCard;
  /** micro-USDT */
  amount: number;
  quote?: 'USDT' | 'USDC';
  /** The symbol the member chose (the manual DCA); the bot's own otherwise. */
  symbol?: string;
  acceptLoss: boolean;
  onAcceptLoss: (checked: boolean) => void;
  onConfirm: () => void;
  onBack: () => void;
  pending: boolean;
  confirmLabel: string;
}) {
  const a = amount / MICRO_PER_USDT;
  const { risk, evidence } = card;
  const symbol = chosenSymbol ?? (quote === 'USDC' ? card.symbol.replace(/USDT$/, 'USDC') : card.symbol);
  const perPosition = card.kind === 'signal';
  // A DCA's amount is what one cycle spends; the manual DCA was tested with its example ladder.
  const dca = card.kind === 'dca';
  const rows: [string, string][] = [
    [
      'Amount at risk',
      `${usdt(a)} of your Binance ${card.market} account${dca ? ', what one cycle spends with every order filled' : ''}`,
    ],
    ['Market', card.market === 'futures' ? `USD-M futures (${quote}-margined)` : 'Spot'],
    ['Symbol', symbol],
    [
      'Leverage',
      card.market === 'futures'
        ? `${card.leverage}x (positions up to ${usdt(a * card.leverage)})`
        : 'none (1x)',
    ],
    [
      'Protective stop',
      risk.targetVolPct !== null
        ? `one on every position; its size aims at ${risk.targetVolPct}% yearly volatility, so the loss there is no fixed share of the amount`
        : risk.stopLossPct === null
          ? 'none: you set every order; the kill switch still guards the bot'
          : `a loss of at most ${usdt((a * risk.stopLossPct) / 100)} (${risk.stopLossPct}%) ${perPosition ? 'per position' : card.kind === 'grid' ? 'with every grid lot bought' : 'with every order of a cycle filled'}`,
    ],
    [
      'Kill switch',
      `halts the bot and closes its position once it is ${usdt((a * risk.killSwitchPct) / 100)} (${risk.killSwitchPct}%) below its best`,
    ],
    [
      'Worst drop in testing',
      `${usdt((a * evidence.worstDrawdownPct) / 100)} for this amount (${evidence.worstDrawdownPct}% out-of-sample${card.id === 'dca' ? ', with the example ladder' : ''})`,
    ],
    ['Profit charge', `${risk.profitChargePct}% of each realised profit, paid from your fuel wallet`],
  ];
  const needsConsent = evidence.lostMoneyInTesting;
  return (
    <Stack gap="4" role="group" aria-label={`Confirm ${card.name}`}>
      <Text fontWeight="semibold">Check before you deploy {card.name}</Text>
      <LostInTesting evidence={evidence} />
      <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} size="sm">
        {rows.map(([label, value]) => (
          // a responsive orientation keeps the vertical column from md up and centres it: say the row
          <DataList.Item
            key={label}
            flexDirection={{ base: 'column', md: 'row' }}
            alignItems={{ base: 'flex-start', md: 'baseline' }}
          >
            <DataList.ItemLabel minW="10rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {needsConsent && (
        <NativeChoice type="checkbox" checked={acceptLoss} onChange={(e) => onAcceptLoss(e.target.checked)}>
          I have read that this bot lost money in testing
        </NativeChoice>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button
          colorPalette="brand"
          onClick={onConfirm}
          loading={pending}
          disabled={needsConsent && !acceptLoss}
        >
          {confirmLabel}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
      </HStack>
    </Stack>
  );
}
