import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { planOffers } from '#api/plans';
import { PageHeader } from '../components/PageHeader';

const { executive, imperial, upgrade, core, premiumCore } = planOffers;

/**
 * The terms a member accepts at sign-up (the sign-up checkbox links here). Prices come from the
 * plan catalogue (api/plans.ts), so the terms say what the wallet charges.
 */
const SECTIONS: { title: string; text: string[] }[] = [
  {
    title: 'The service',
    text: [
      'Trendex provides software: trading bots that place orders on the exchange account you connect (Binance or WazirX) through API keys you create, a wallet in USDT for plans, and a referral programme. Trendex never holds the money on your exchange account and cannot withdraw it: a key that allows withdrawals is refused.',
    ],
  },
  {
    title: 'Your account',
    text: [
      'You sign up with your own e-mail address under a sponsor, keep your password and one-time codes to yourself, and are responsible for what is done with your account. You must be of legal age where you live and allowed to trade crypto assets there.',
    ],
  },
  {
    title: 'Plans and payments',
    text: [
      `Plans are paid in USDT from your Trendex wallet and run for one year: ${executive.name} ${executive.priceUsdt} USDT, the ${imperial.name} ${imperial.priceUsdt} USDT, the upgrade from ${executive.name} ${upgrade.priceUsdt} USDT; ${core.name} ${core.priceUsdt} USDT and ${premiumCore.name} ${premiumCore.priceUsdt} USDT from your Trendex Core wallet, where your membership does not include them. Extending a plan adds a year to its end.`,
      'A plan is not refundable once it is active. Deposits are credited when the payment provider confirms them; withdrawals go to a BEP20 address you give, need a one-time code sent to your e-mail and start at 10 USDT.',
    ],
  },
  {
    title: 'Trading risk',
    text: [
      'Crypto asset prices are volatile. A bot can lose money, including all of the amount you let it use, and futures bots use leverage. Backtests are run on past prices and are no guide to future results. Nothing on Trendex is investment advice; you decide which bot to deploy and with how much.',
    ],
  },
  {
    title: 'Profit charge',
    text: [
      '20 % of each realised bot profit is charged to your fuel wallet and goes to the Trendex Core pool, which is shared among the members who hold Trendex Core and Premium Trendex Core.',
    ],
  },
  {
    title: 'Referral rewards',
    text: [
      'Rewards for your team’s plan activations are paid as the Rewards page and About Us describe, within the daily limit of your plan. Rewards obtained through fake or duplicate accounts are withheld.',
    ],
  },
  {
    title: 'Liability and changes',
    text: [
      'Trendex is provided as it is. We are not liable for losses from trading, from an exchange’s outage or from keys you expose. We may change these terms; a change applies from its publication on this page and we tell members about it by e-mail.',
    ],
  },
];

/** /terms: the Terms and Conditions. */
export default function Terms() {
  return (
    <>
      <PageHeader eyebrow="Terms" title="Terms and Conditions">
        What you agree to when you open a Trendex account.
      </PageHeader>
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <Stack gap="8">
          {SECTIONS.map(({ title, text }, i) => (
            <Stack key={title} as="section" gap="3" aria-labelledby={`terms-${i}`}>
              <Heading as="h2" size="lg" id={`terms-${i}`}>
                {i + 1}. {title}
              </Heading>
              {text.map((t) => (
                <Text key={t} color="fg.muted">
                  {t}
                </Text>
              ))}
            </Stack>
          ))}
          <Text>
            Questions about these terms?{' '}
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to="/contactus">Contact us</RouterLink>
            </Link>
            .
          </Text>
        </Stack>
      </Container>
    </>
  );
}
