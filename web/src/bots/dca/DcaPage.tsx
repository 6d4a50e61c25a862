import { Tabs } from '@chakra-ui/react';
import { BotPageFrame, Disclaimer } from '../BotInfo';
import { Panel } from '../../components/Panel';
import { DcaCockpits } from '../cockpit/DcaCockpits';
import { useBotsFollowPushes } from '../hooks';
import { DcaAuto } from './DcaAuto';
import { DcaManual } from './DcaManual';
import { DcaPositions } from './DcaPositions';

/** The DCA page (spec): Automatic and Manual Trading, the open DCA positions, the disclaimer. */
export default function DcaPage() {
  useBotsFollowPushes();
  return (
    <BotPageFrame
      eyebrow="Spot DCA bots"
      title="DCA"
      lead="Dollar-cost averaging on your Binance spot account: buy in stages as the price falls, sell everything at your take profit over the average price."
    >
      <Panel title="Start a DCA bot">
        <Tabs.Root defaultValue="auto" variant="line" lazyMount>
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="auto">Automatic Trading</Tabs.Trigger>
            <Tabs.Trigger value="manual">Manual Trading</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="auto">
            <DcaAuto />
          </Tabs.Content>
          <Tabs.Content value="manual">
            <DcaManual />
          </Tabs.Content>
        </Tabs.Root>
      </Panel>
      <Panel title="Open DCA positions">
        <DcaPositions />
      </Panel>
      <DcaCockpits />
      <Disclaimer />
    </BotPageFrame>
  );
}
