/**
 * /complain: file a complaint (e-mail, description, a required image of at most 500 KB, Submit)
 * and the member's complaints (id, e-mail, status); an id opens its chat with support.
 */
import {
  Badge,
  Button,
  Container,
  Field,
  Heading,
  Input,
  Link,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { callApi, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { ChatDialog, COMPLAINTS_KEY } from './ChatDialog';
import { imageProblem, uploadImage } from './upload';
import { ScrollTable } from '../components/ScrollTable';

export function StatusBadge({ status }: { status: 'pending' | 'resolved' }) {
  return (
    <Badge colorPalette={status === 'resolved' ? 'green' : 'orange'}>
      {status === 'resolved' ? 'Resolved' : 'Pending'}
    </Badge>
  );
}

export default function ComplainPage() {
  const { state } = useAuth();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(state.status === 'signedIn' ? state.user.email : '');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const complaints = useQuery({ queryKey: COMPLAINTS_KEY, queryFn: () => callApi('myComplaints', {}) });
  const file_ = useMutation({
    mutationFn: async (image: File) =>
      callApi('fileComplaint', { email, description, imageKey: await uploadImage(image) }),
    onSuccess: (answer) => {
      setDone(answer.message);
      setDescription('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return queryClient.invalidateQueries({ queryKey: COMPLAINTS_KEY });
    },
  });

  const rows = complaints.data?.items ?? [];
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Support
          </Heading>
          <Text color="fg.muted">
            Tell us what went wrong, with a screenshot; support answers in the chat.
          </Text>
        </Stack>
        <Stack asChild layerStyle="card" p={{ base: '4', md: '6' }} gap="4">
          <form
            aria-label="File a complaint"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setDone(null);
              const problem = imageProblem(file);
              setImageError(problem);
              if (!problem && file) file_.mutate(file);
            }}
          >
            <Field.Root required>
              <Field.Label>E-mail</Field.Label>
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>Description</Field.Label>
              <Textarea rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
            </Field.Root>
            <Field.Root required invalid={!!imageError}>
              <Field.Label>Image (at most 500 KB)</Field.Label>
              <Input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                pt="1.5"
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  setImageError(chosen ? imageProblem(chosen) : null);
                }}
              />
              <Field.ErrorText>{imageError}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={file_.isPending}>
              Submit
            </Button>
            {file_.isError && <FormAlert status="error">{errorMessage(file_.error)}</FormAlert>}
            {done && <FormAlert status="success">{done}</FormAlert>}
          </form>
        </Stack>
        <Stack gap="3" as="section" aria-label="Your complaints">
          <Heading as="h2" size="lg">
            Your complaints
          </Heading>
          {complaints.isError ? (
            <QueryError
              what="your complaints"
              error={complaints.error}
              onRetry={() => complaints.refetch()}
            />
          ) : complaints.isPending ? (
            <Text color="fg.muted">Loading…</Text>
          ) : rows.length === 0 ? (
            <Text color="fg.muted">No complaint yet.</Text>
          ) : (
            <ScrollTable caption="Complaints" framed>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Complaint Id</Table.ColumnHeader>
                  <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((c) => (
                  <Table.Row key={c.id}>
                    <Table.Cell>
                      <Link
                        as="button"
                        color="brand.fg"
                        fontFamily="mono"
                        fontSize="xs"
                        onClick={() => setOpen(c.id)}
                      >
                        {c.id}
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{c.email}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={c.status} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          )}
        </Stack>
      </Stack>
      <ChatDialog complaintId={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
