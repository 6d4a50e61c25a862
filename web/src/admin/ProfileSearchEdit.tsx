/**
 * The profile edit modal of Search Profile: name, bot (an extra bot granted beyond the plan), rank
 * (1-11, named) and balance to add (signed USDT: a minus sign debits). Only the fields that changed
 * are sent. Each attempt carries a request id made when the form opens and renewed once an answer
 * says what happened (lib/requestId.ts), so a submit that is sent twice (a double click, a retry after
 * a lost answer or a 503) changes the balance once.
 */
import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BOT_NAMES, type BotName } from '#api/bots';
import type { RequestOf, ResponseOf } from '#api/routes';
import { SignedAmountText } from '#api/schemas/admin';
import { RANK_NAMES } from '#api/schemas/auth';
import { AppDialog } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { ApiError, callApi, errorMessage } from '../lib/api';
import { parseUsdt, usdtText } from '../lib/format';
import { moneyRetry, useRequestId, useSingleFlight } from '../lib/requestId';

/** A member as the search lists it: the dialog edits one and hands back its new values. */
export type ProfileRow = ResponseOf<'searchProfiles'>['items'][number];
type EditAnswer = ResponseOf<'editProfile'>;

const FormValues = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: 'Name must be at least 2 characters.' })
    .max(100, { error: 'Name must be at most 100 characters.' }),
  rank: z.string(),
  grantedBot: z.string(),
  balanceToAdd: SignedAmountText.refine((t) => !t || parseUsdt(t.replace(/^[+-]/, '')) !== 0, {
    error: 'The balance to add cannot be 0. Leave it empty to change nothing.',
  }),
});
type FormValues = z.infer<typeof FormValues>;
const FIELDS = ['name', 'rank', 'grantedBot', 'balanceToAdd'] as const;

const valuesOf = (p: ProfileRow): FormValues => ({
  name: p.name,
  rank: String(p.rank),
  grantedBot: p.grantedBot ?? '',
  balanceToAdd: '',
});

const savedText = (answer: EditAnswer, amount: string): string => {
  const wallet = usdtText(answer.profile.wallet);
  if (answer.balance === 'replayed')
    return `${answer.message} This balance change was already applied; the wallet holds ${wallet}.`;
  if (answer.balance === 'applied')
    return `${answer.message} ${amount.startsWith('-') ? 'Debited' : 'Credited'} ${amount.replace(/^[+-]/, '')} USDT; the wallet now holds ${wallet}.`;
  return answer.message;
};

function EditForm({ profile, onSaved }: { profile: ProfileRow; onSaved: (row: ProfileRow) => void }) {
  const ids = useRequestId();
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(FormValues), defaultValues: valuesOf(profile) });

  const save = useMutation({
    mutationFn: (input: RequestOf<'editProfile'>) => callApi('editProfile', input),
    ...moneyRetry,
    onSettled: (_answer, error) => ids.settled(error),
  });
  const send = useSingleFlight(save);

  const onSubmit = handleSubmit((v) => {
    setSaved(null);
    const bot = (v.grantedBot || null) as BotName | null;
    const input = {
      memberId: profile.id,
      requestId: ids.requestId,
      ...(v.name !== profile.name ? { name: v.name } : {}),
      ...(Number(v.rank) !== profile.rank ? { rank: Number(v.rank) } : {}),
      ...(bot !== profile.grantedBot ? { grantedBot: bot } : {}),
      ...(v.balanceToAdd ? { balanceToAdd: v.balanceToAdd } : {}),
    };
    if (Object.keys(input).length === 2) {
      setError('root', { message: 'Change at least one field.' });
      return;
    }
    send(input, {
      onSuccess: (answer) => {
        setSaved(savedText(answer, v.balanceToAdd));
        reset(valuesOf(answer.profile));
        onSaved(answer.profile);
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        if (field && (FIELDS as readonly string[]).includes(field))
          setError(field as (typeof FIELDS)[number], { message: error.message }, { shouldFocus: true });
        else setError('root', { message: errorMessage(error) });
      },
    });
  });

  return (
    <form id="profile-edit-form" noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
          {profile.email} · wallet {usdtText(profile.wallet)}
        </Text>
        <Field.Root required invalid={!!errors.name}>
          <Field.Label>Name</Field.Label>
          <Input autoComplete="off" {...register('name')} />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={!!errors.rank}>
            <Field.Label>Rank</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('rank')}>
                {RANK_NAMES.map((name, i) => (
                  <option key={name} value={i + 1}>
                    {i + 1} · {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.rank?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.grantedBot}>
            <Field.Label>Bot</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('grantedBot')}>
                <option value="">No extra bot</option>
                {(Object.entries(BOT_NAMES) as [BotName, string][]).map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>A bot granted beyond the member&apos;s plan.</Field.HelperText>
            <Field.ErrorText>{errors.grantedBot?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.balanceToAdd}>
          <Field.Label>Balance to add (USDT)</Field.Label>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 25 or -10.5"
            {...register('balanceToAdd')}
          />
          <Field.HelperText>
            Credits the member&apos;s wallet; a minus sign debits it. Empty: no change.
          </Field.HelperText>
          <Field.ErrorText>{errors.balanceToAdd?.message}</Field.ErrorText>
        </Field.Root>
        {errors.root?.message && <FormAlert status="error">{errors.root.message}</FormAlert>}
        {saved && <FormAlert status="success">{saved}</FormAlert>}
        <Button type="submit" colorPalette="brand" loading={save.isPending} alignSelf="flex-end">
          Save
        </Button>
      </Stack>
    </form>
  );
}

export function ProfileEditDialog({
  profile,
  onClose,
  onSaved,
}: {
  profile: ProfileRow | null;
  onClose: () => void;
  onSaved: (row: ProfileRow) => void;
}) {
  return (
    <AppDialog
      open={profile !== null}
      onClose={onClose}
      title={`Edit ${profile?.username ?? ''}`}
      bodyProps={{ pb: '6' }}
    >
      {profile && <EditForm key={profile.id} profile={profile} onSaved={onSaved} />}
    </AppDialog>
  );
}
