/**
 * /profile's "Bot notifications": per bot event type, whether it is also e-mailed. Every event is
 * in the notifications either way; e-mails are at most one per bot and type an hour, the rest of
 * that hour in one digest (functions/notifications/bot-events.ts).
 */
import { Button, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BOT_EVENT_LABELS, BOT_EVENT_TYPES, NotificationPreferences } from '#api/schemas/notifications';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { callApi, errorMessage } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

export function BotEmailChoices() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: () => callApi('getNotificationPreferences', {}),
  });
  const { control, handleSubmit, reset, formState } = useForm<NotificationPreferences>({
    resolver: zodResolver(NotificationPreferences),
  });
  const { data } = preferences;
  useEffect(() => {
    if (data) reset(data);
  }, [data, reset]);
  const save = useMutation({
    mutationFn: (input: NotificationPreferences) => callApi('setNotificationPreferences', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.notifications.preferences(), saved);
      reset(saved);
    },
  });

  if (preferences.isPending)
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading">
        <Skeleton h="6" />
        <Skeleton h="40" />
      </Stack>
    );
  if (preferences.isError)
    return (
      <QueryError
        what="your notification choices"
        error={preferences.error}
        onRetry={() => preferences.refetch()}
      />
    );

  return (
    <form noValidate aria-label="Bot e-mail choices" onSubmit={handleSubmit((values) => save.mutate(values))}>
      <Stack gap="4">
        <Text color="fg.muted">
          Every bot event is in your notifications and shows on your open pages at once. Choose which are also
          e-mailed: at most one e-mail per bot and event type an hour, the rest of that hour in one digest.
        </Text>
        <Stack as="ul" gap="3" listStyleType="none">
          {BOT_EVENT_TYPES.map((type) => (
            <HStack as="li" key={type} justify="space-between" gap="4">
              <Controller
                control={control}
                name={`botEmails.${type}`}
                render={({ field }) => (
                  <Switch.Root
                    name={field.name}
                    checked={field.value}
                    onCheckedChange={(e) => {
                      save.reset();
                      field.onChange(e.checked);
                    }}
                    colorPalette="brand"
                    display="flex"
                    justifyContent="space-between"
                    w="full"
                  >
                    <Switch.Label fontWeight="normal">{BOT_EVENT_LABELS[type]}</Switch.Label>
                    <HStack gap="2">
                      <Text fontSize="sm" color="fg.muted" aria-hidden>
                        {field.value ? 'E-mail' : 'In-app only'}
                      </Text>
                      <Switch.HiddenInput onBlur={field.onBlur} />
                      <Switch.Control />
                    </HStack>
                  </Switch.Root>
                )}
              />
            </HStack>
          ))}
        </Stack>
        {save.isSuccess && !formState.isDirty && (
          <FormAlert status="success">Your choices are saved.</FormAlert>
        )}
        {save.isError && <FormAlert status="error">{errorMessage(save.error)}</FormAlert>}
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={save.isPending}
          disabled={!formState.isDirty}
        >
          Save choices
        </Button>
      </Stack>
    </form>
  );
}
