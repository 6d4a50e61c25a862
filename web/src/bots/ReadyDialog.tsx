import { Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppDialog, DialogDismiss } from '../components/AppDialog';
import { callApi } from '../lib/api';
import { useSessionUser } from '../lib/auth';
import { queryKeys } from '../lib/queryKeys';
import { useBots } from './hooks';

const seenKey = (sub: string) => `trendex:ready-dialog:${sub}`;

/**
 * The Dashboard's modal on load (docs/decisions/web-app.md, "The Dashboard's modal speaks only when
 * it has something to say"): once a member has a plan and a connected exchange but no bot running,
 * it says so once and offers the marketplace. It does not open for anyone it has nothing to say to,
 * so it never stands between a member and the page.
 */
export function ReadyDialog({ onOpenMarketplace }: { onOpenMarketplace: () => void }) {
  const sub = useSessionUser()?.sub;
  const bots = useBots();
  const exchanges = useQuery({ queryKey: queryKeys.exchanges(), queryFn: () => callApi('getExchanges', {}) });
  const [open, setOpen] = useState(false);

  const ready =
    !!sub &&
    !!bots.data &&
    bots.data.plan !== 'none' &&
    !bots.data.bots.some((b) => b.deployment?.status === 'active' || b.deployment?.status === 'stopping') &&
    !!exchanges.data?.exchanges.some((e) => e.connected);

  useEffect(() => {
    if (ready && sub && !localStorage.getItem(seenKey(sub))) {
      localStorage.setItem(seenKey(sub), '1');
      setOpen(true);
    }
  }, [ready, sub]);

  return (
    <AppDialog
      open={open}
      onOpenChange={setOpen}
      title="You are ready to trade"
      footer={
        <>
          <DialogDismiss>Later</DialogDismiss>
          <Button
            colorPalette="brand"
            onClick={() => {
              setOpen(false);
              onOpenMarketplace();
            }}
          >
            Choose a bot
          </Button>
        </>
      }
    >
      <Text>
        Your plan is active and your exchange is connected. Pick a bot from the marketplace: it trades on your
        own exchange account, and you can undeploy it at any time.
      </Text>
    </AppDialog>
  );
}
