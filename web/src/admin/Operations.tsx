import { Badge, Box, Button, Code, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '#api/routes';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { reportTime } from '../components/ReportPage';
import { callApi, errorMessage } from '../lib/api';

type Letter = ResponseOf<'deadLetters'>['items'][number];

const LETTERS_KEY = ['admin', 'deadletters'] as const;

/** The letter's event, pretty-printed when it is JSON. */
const pretty = (event: string) => {
  try {
    return JSON.stringify(JSON.parse(event), null, 2);
  } catch {
    return event;
  }
};

function LetterCard({
  letter,
  onRedrive,
  redriving,
}: {
  letter: Letter;
  onRedrive: () => void;
  redriving: boolean;
}) {
  return (
    <Box as="li" listStyleType="none" layerStyle="card" p={{ base: '4', md: '5' }} aria-label={letter.name}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="1" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <Badge colorPalette={letter.source === 'schedule' ? 'blue' : 'purple'}>{letter.source}</Badge>
              <Text fontWeight="semibold" wordBreak="break-all">
                {letter.name}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Failed <time dateTime={letter.at}>{reportTime(letter.at)}</time> after {letter.attempts}{' '}
              {letter.attempts === 1 ? 'try' : 'tries'}
            </Text>
          </Stack>
          <Button size="sm" colorPalette="brand" loading={redriving} onClick={onRedrive}>
            Redrive
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.error" wordBreak="break-word">
          {letter.error}
        </Text>
        <details>
          <Box as="summary" cursor="pointer" fontSize="sm" color="fg.muted">
            Event
          </Box>
          <Code
            display="block"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            mt="2"
            p="3"
            fontSize="xs"
            maxH="64"
            overflowY="auto"
          >
            {pretty(letter.event)}
          </Code>
        </details>
      </Stack>
    </Box>
  );
}

/**
 * /operations: work that failed every try (a schedule run, a stream batch), kept as a dead letter
 * with its event and error, and its Redrive (docs/operations.md: each redrive is idempotent).
 */
export default function Operations() {
  const queryClient = useQueryClient();
  const letters = useQuery({ queryKey: LETTERS_KEY, queryFn: () => callApi('deadLetters', {}) });
  const redrive = useMutation({
    mutationFn: (id: string) => callApi('redriveDeadLetter', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY }),
  });
  const items = letters.data?.items ?? [];

  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Operations
        </Heading>
        <Text color="fg.muted">
          Dead letters: schedule runs and stream batches that failed every try. Fix the cause, then redrive; a
          redrive pays and places nothing twice.
        </Text>
      </Stack>
      {redrive.isSuccess && (
        <FormAlert status={redrive.data.redriven ? 'success' : 'error'} title="Redrive">
          {redrive.data.message}
        </FormAlert>
      )}
      {redrive.isError && (
        <FormAlert status="error" title="Redrive">
          {errorMessage(redrive.error)}
        </FormAlert>
      )}
      {letters.isError && (
        <QueryError what="the dead letters" error={letters.error} onRetry={() => letters.refetch()} />
      )}
      {letters.isPending ? (
        <Stack gap="3">
          <Skeleton h="28" />
          <Skeleton h="28" />
        </Stack>
      ) : (
        !letters.isError &&
        (items.length === 0 ? (
          <Text color="fg.muted" layerStyle="card" p="5">
            No dead letter: every schedule run and stream batch has succeeded.
          </Text>
        ) : (
          <Stack as="ul" gap="3" ps="0" aria-label="Dead letters">
            {items.map((letter) => (
              <LetterCard
                key={letter.id}
                letter={letter}
                redriving={redrive.isPending && redrive.variables === letter.id}
                onRedrive={() => redrive.mutate(letter.id)}
              />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
