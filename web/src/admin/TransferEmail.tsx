/**
 * Transfer E-mail (/transferemail): moves a member's account to a new e-mail address (the login
 * and every record). Success shows 'Transfer Successful.' and empties the form for the next one.
 */
import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TransferEmailRequest } from '#api/schemas/admin';
import { FormAlert } from '../components/FormAlert';
import { ApiError, callApi, errorMessage } from '../lib/api';

type Input = z.input<typeof TransferEmailRequest>;
type Output = z.output<typeof TransferEmailRequest>;
const FIELDS = ['currentEmail', 'newEmail'] as const;

export default function TransferEmail() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(TransferEmailRequest),
    defaultValues: { currentEmail: '', newEmail: '' },
  });
  const transfer = useMutation({ mutationFn: (input: Output) => callApi('transferEmail', input) });

  const onSubmit = handleSubmit((values) => {
    if (values.currentEmail === values.newEmail) {
      setError(
        'newEmail',
        { message: 'The new e-mail is the same as the current one.' },
        { shouldFocus: true },
      );
      return;
    }
    transfer.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        if (error instanceof ApiError && (FIELDS as readonly string[]).includes(error.field ?? ''))
          setError(error.field as (typeof FIELDS)[number], { message: error.message }, { shouldFocus: true });
      },
    });
  });
  const formError =
    transfer.isError &&
    !(transfer.error instanceof ApiError && FIELDS.includes(transfer.error.field as never))
      ? errorMessage(transfer.error)
      : null;

  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Transfer E-mail
        </Heading>
        <Text color="fg.muted">
          Moves a member&apos;s account to a new e-mail address. The member logs in with the new address from
          then on; the old one stops working.
        </Text>
      </Stack>
      <form noValidate aria-label="Transfer e-mail" onSubmit={onSubmit}>
        <Stack gap="4" layerStyle="card" p={{ base: '4', md: '6' }} maxW="xl">
          <Field.Root required invalid={!!errors.currentEmail}>
            <Field.Label>Current e-mail</Field.Label>
            <Input
              type="email"
              autoComplete="off"
              placeholder="member@example.com"
              {...register('currentEmail', { onChange: () => transfer.reset() })}
            />
            <Field.ErrorText>{errors.currentEmail?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.newEmail}>
            <Field.Label>New e-mail</Field.Label>
            <Input
              type="email"
              autoComplete="off"
              placeholder="new-address@example.com"
              {...register('newEmail', { onChange: () => transfer.reset() })}
            />
            <Field.ErrorText>{errors.newEmail?.message}</Field.ErrorText>
          </Field.Root>
          {transfer.isSuccess && <FormAlert status="success">{transfer.data.message}</FormAlert>}
          {formError && <FormAlert status="error">{formError}</FormAlert>}
          <Button type="submit" colorPalette="brand" loading={transfer.isPending} alignSelf="flex-start">
            Submit
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
