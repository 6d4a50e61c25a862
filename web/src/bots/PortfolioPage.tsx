import { Container, Stack, Tabs } from '@chakra-ui/react';
import { PageHeader } from '../components/PageHeader';
import { Panel } from '../components/Panel';
import { ClosedOrdersList } from './ClosedOrdersList';
import { useBotsFollowPushes } from './hooks';
import { PositionsList } from './PositionsList';

/** My Portfolio (spec): the Position and Close Order tabs, from the bots' real fills. */
export default function PortfolioPage() {
  useBotsFollowPushes();
  return (
    <>
      <PageHeader eyebrow="Bots" title="My Portfolio">
        What your bots hold now and what they have closed, from the fills on your own exchange account.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Panel title="Positions and orders">
          <Tabs.Root defaultValue="position" variant="line" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="position">Position</Tabs.Trigger>
              <Tabs.Trigger value="closed">Close Order</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="position">
              <Stack gap="3">
                <PositionsList
                  label="Open positions"
                  empty="No open position. Your bots' open trades show here."
                />
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="closed">
              <ClosedOrdersList
                label="Closed orders"
                empty="No closed order yet. Each trade a bot closes shows here with its profit."
              />
            </Tabs.Content>
          </Tabs.Root>
        </Panel>
      </Container>
    </>
  );
}
