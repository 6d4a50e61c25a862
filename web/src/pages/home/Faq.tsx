import { Accordion, Box, Container } from '@chakra-ui/react';
import { SectionTitle } from './SectionTitle';

const faqs = [
  {
    q: 'Does Trendex hold my crypto?',
    a: 'No. Your trading capital stays on your own Binance or WazirX account. Trendex places orders through an API key that can trade but cannot withdraw; keys with withdrawal rights are refused.',
  },
  {
    q: 'Which plan do I need?',
    a: 'Executive (180 USDT per year) unlocks the DCA family of bots and Alpha. The Imperial Package (250 USDT per year) unlocks every bot, including Trendex grid, Zeno, Candles, Glint, Nero and Quant.',
  },
  {
    q: 'How do referral rewards work?',
    a: 'Invite traders to your Left or Right team. You receive 10% of the plan price of your direct referrals, plus a daily binary bonus of 10% of the matched points of your two teams, up to your plan’s daily limit.',
  },
  {
    q: 'How do I add money and withdraw?',
    a: 'Top up your Trendex wallet with USDT through a deposit invoice. Withdrawals go to a BEP20 address, need a one-time code from your e-mail and start at 10 USDT.',
  },
  {
    q: 'Are profits guaranteed?',
    a: 'No. Crypto prices are volatile and every strategy can lose money. Backtests use real historical data but past performance is no guide to future results. Nothing here is financial advice.',
  },
];

export function Faq() {
  return (
    <Box as="section" aria-labelledby="faq-title" bg="bg.raised" py={{ base: '14', md: '20' }}>
      <Container maxW="3xl" px={{ base: '4', md: '6' }}>
        <SectionTitle id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <Accordion.Root defaultValue={['faq-0']} collapsible variant="enclosed" bg="bg.surface">
          {faqs.map((f, i) => (
            <Accordion.Item key={f.q} value={`faq-${i}`}>
              <Accordion.ItemTrigger py="4" fontWeight="semibold" cursor="pointer">
                <Box flex="1" textAlign="left">
                  {f.q}
                </Box>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody color="fg.muted">{f.a}</Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Container>
    </Box>
  );
}
