import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { QueryError } from '../components/QueryError';
import { BalanceCard } from './BalanceCard';
import { useWallet } from './hooks';
import { OpenInvoices } from './OpenInvoices';
import { TopUpDialog } from './TopUpDialog';
import { TransactionTable } from './TransactionTable';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawDialog } from './WithdrawDialog';

/** /wallet: balances, Top Up, Withdraw, open invoices, the member's withdrawals and the Latest Transaction table. */
export default function WalletPage() {
  const wallet = useWallet();
  const [topUp, setTopUp] = useState(false);
  const [withdraw, setWithdraw] = useState(false);
  const w = wallet.data;

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Wallet
          </Heading>
          <Text color="fg.muted">
            Top up in USDT (BEP20), pay for plans and withdraw to your own address.
          </Text>
        </Stack>
        {wallet.isError ? (
          <QueryError what="your wallet" error={wallet.error} onRetry={() => wallet.refetch()} />
        ) : (
          <BalanceCard
            title="Total Balance"
            total={w?.wallet}
            loading={wallet.isPending}
            figures={[
              { label: 'Wallet Amount', value: w?.wallet },
              { label: 'Reimbursement Amount', value: w?.fuelwallet },
              { label: 'Total Deposited Amount', value: w?.deposited },
              // money of withdrawals whose payout has not finished: out of the wallet, not yet paid
              ...(w?.held ? [{ label: 'Held for withdrawals', value: w.held }] : []),
            ]}
            onTopUp={() => setTopUp(true)}
            onWithdraw={() => setWithdraw(true)}
          />
        )}
        <OpenInvoices />
        <WithdrawalList />
        <TransactionTable />
      </Stack>
      <TopUpDialog open={topUp} onOpenChange={setTopUp} />
      <WithdrawDialog open={withdraw} onOpenChange={setWithdraw} balance={w?.wallet} />
    </Container>
  );
}
