/**
 * /profile's "Bot notifications": per bot event type, whether it is also e-mailed. Every event is
 * in the notifications either way; e-mails are at most one per bot and type an hour, the rest of
 * that hour in one digest (functions/notifications/bot-events.ts).
 */
import { Button, Fieldset, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { BOT_EVENT_LABELS, BOT_EVENT_TYPES, NotificationPreferences } from '#api/schemas/notifications';
import { FormAlert } from '../components/FormAlert';
import { NativeChoice } from '../components/NativeChoice';
import { QueryError } from '../components/QueryError';
import { callApi, errorMessage } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

export function BotEmailChoices() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: () => callApi('getNotificationPreferences', {}),
  });
  const { register, handleSubmit, reset, formState } = useForm<NotificationPreferences>({
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
        {/* native checkboxes: the theme carries no switch recipe, and every page's first load carries the theme */}
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="medium">E-mail me about</Fieldset.Legend>
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="3" mt="2" listStyleType="none">
            {BOT_EVENT_TYPES.map((type) => (
              <li key={type}>
                <NativeChoice
                  type="checkbox"
                  {...register(`botEmails.${type}`, { onChange: () => save.reset() })}
                >
                  {BOT_EVENT_LABELS[type]}
                </NativeChoice>
              </li>
            ))}
          </SimpleGrid>
        </Fieldset.Root>
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
