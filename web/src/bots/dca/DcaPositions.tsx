import { Badge, Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DcaPosition } from '#api/schemas/bots';
import { AppDialog, DialogDismiss } from '../../components/AppDialog';
import { FormAlert } from '../../components/FormAlert';
import { QueryError } from '../../components/QueryError';
import { callApi, errorMessage } from '../../lib/api';
import { formatUsdt } from '../../lib/format';
import { useSingleFlight } from '../../lib/requestId';
import { DataTable, type Column } from '../DataTable';
import { priceText, qtyText } from '../format';
import { useBotsRefresh, useDcaPositions } from '../hooks';

type Action = { kind: 'edit' | 'oneshot' | 'close'; id: string; takeProfitPct?: number };

/** Edit take profit: a small dialog with the percentage. */
function EditDialog({
  position,
  onClose,
  onSave,
  saving,
  error,
}: {
  position: DcaPosition | null;
  onClose: () => void;
  onSave: (pct: number) => void;
  saving: boolean;
  error: unknown;
}) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <AppDialog
      open={!!position}
      onOpenChange={(open) => !open && onClose()}
      onClose={() => {
        setText('');
        setInvalid(false);
      }}
      title="Edit take profit"
      onSubmit={(e) => {
        e.preventDefault();
        const pct = Number(text.trim());
        if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(pct > 0 && pct <= 100)) return setInvalid(true);
        onSave(pct);
      }}
      footer={
        <>
          <DialogDismiss />
          <Button type="submit" colorPalette="brand" loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted">
          {position?.name} on {position?.symbol}: now {position?.takeProfitPct}% over the average price.
        </Text>
        <Field.Root invalid={invalid}>
          <Field.Label>Take profit (%)</Field.Label>
          <Input
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. 2"
          />
          <Field.ErrorText>Enter the take profit percentage (above 0, at most 100).</Field.ErrorText>
        </Field.Root>
        {!!error && <FormAlert status="error">{errorMessage(error)}</FormAlert>}
      </Stack>
    </AppDialog>
  );
}

/**
 * The member's open DCA positions (manual and automatic), polled every 3 s and read again on a
 * push, with edit take profit, one-shot and close. Each action's answer shows above the list.
 */
export function DcaPositions() {
  const list = useDcaPositions();
  const refresh = useBotsRefresh();
  const [editing, setEditing] = useState<DcaPosition | null>(null);
  const [closing, setClosing] = useState<DcaPosition | null>(null);
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  const act = useMutation({
    mutationFn: (a: Action) =>
      a.kind === 'edit'
        ? callApi('editDca', { id: a.id, takeProfitPct: a.takeProfitPct! })
        : a.kind === 'oneshot'
          ? callApi('dcaOneShot', { id: a.id })
          : callApi('closeDca', { id: a.id }),
    onSuccess: (answer) => {
      setMessage({ status: 'success', text: answer.message });
      setEditing(null);
      setClosing(null);
    },
    onError: (error, a) => {
      if (a.kind === 'oneshot') setMessage({ status: 'error', text: errorMessage(error) });
    },
    onSettled: () => void refresh(),
  });
  const send = useSingleFlight(act);
  const pendingFor = (kind: Action['kind'], id: string) =>
    act.isPending && act.variables?.kind === kind && act.variables.id === id;

  const columns: Column<DcaPosition>[] = [
    { header: 'Bot', cell: (p) => p.name },
    { header: 'Symbol', cell: (p) => p.symbol },
    { header: 'Initial (USDT)', cell: (p) => formatUsdt(p.initial), align: 'end' },
    { header: 'Current Price', cell: (p) => priceText(p.currentPrice, p.symbol), align: 'end' },
    { header: 'Quantity', cell: (p) => qtyText(p.qty), align: 'end' },
    { header: 'Average Price', cell: (p) => priceText(p.averagePrice, p.symbol), align: 'end' },
    {
      header: 'Take Price',
      cell: (p) => `${priceText(p.takePrice, p.symbol)} (${p.takeProfitPct}%)`,
      align: 'end',
    },
    { header: 'Count', cell: (p) => `${p.count} / ${p.stages.length + 1}`, align: 'end' },
    {
      header: 'Actions',
      cell: (p) => (
        <HStack gap="2" justify="flex-end" flexWrap="wrap">
          <Button size="xs" variant="outline" onClick={() => setEditing(p)}>
            Edit
          </Button>
          {p.oneShot ? (
            <Badge colorPalette="purple" variant="subtle">
              One Shot Activated
            </Badge>
          ) : (
            <Button
              size="xs"
              variant="outline"
              loading={pendingFor('oneshot', p.id)}
              onClick={() => {
                setMessage(null);
                send({ kind: 'oneshot', id: p.id });
              }}
            >
              Activate One Shot
            </Button>
          )}
          <Button size="xs" colorPalette="red" variant="outline" onClick={() => setClosing(p)}>
            Close
          </Button>
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="3">
      {message && <FormAlert status={message.status}>{message.text}</FormAlert>}
      {list.isPending ? (
        <Skeleton h="24" />
      ) : list.isError ? (
        <QueryError what="your DCA positions" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.positions.length === 0 ? (
        <Text color="fg.muted">No open DCA position. Start one from Automatic or Manual Trading above.</Text>
      ) : (
        <DataTable
          label="Open DCA positions"
          columns={columns}
          rows={list.data.positions}
          rowKey={(p) => p.id}
        />
      )}

      <EditDialog
        position={editing}
        onClose={() => {
          setEditing(null);
          act.reset();
        }}
        onSave={(pct) => editing && send({ kind: 'edit', id: editing.id, takeProfitPct: pct })}
        saving={act.isPending}
        error={act.variables?.kind === 'edit' ? act.error : null}
      />
      <AppDialog
        open={!!closing}
        onOpenChange={(open) => !open && setClosing(null)}
        onClose={() => act.reset()}
        title="Close DCA position"
        footer={
          <>
            <DialogDismiss />
            <Button
              colorPalette="red"
              loading={act.isPending}
              onClick={() => closing && send({ kind: 'close', id: closing.id })}
            >
              Close position
            </Button>
          </>
        }
      >
        <Stack gap="3">
          <Text>
            {closing?.name} on {closing?.symbol}: its resting orders are cancelled and what it holds is sold
            at the market price.
          </Text>
          {act.variables?.kind === 'close' && !!act.error && (
            <FormAlert status="error">{errorMessage(act.error)}</FormAlert>
          )}
        </Stack>
      </AppDialog>
    </Stack>
  );
}
