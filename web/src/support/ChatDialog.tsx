/**
 * The complaint chat (member and support): the history as bubbles (text, image), a text box, an
 * image to attach and Send; support also has Close Complaint. New messages arrive live: while open
 * it keeps its own WebSocket, and the server's {type:'chat'} push for this complaint reads the chat
 * again; the list scrolls to the newest.
 */
import { Box, Button, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LuPaperclip, LuSend } from 'react-icons/lu';
import type { PushMessage } from '#api/realtime';
import { AppDialog } from '../components/AppDialog';
import { FormAlert } from '../components/FormAlert';
import { QueryError } from '../components/QueryError';
import { callApi, errorMessage, getIdToken } from '../lib/api';
import { getConfig } from '../lib/config';
import { dateTimeText } from '../lib/dates';
import { imageProblem, uploadImage } from './upload';

export const chatKey = (complaintId: string) => ['support', 'chat', complaintId] as const;
export const COMPLAINTS_KEY = ['support', 'complaints'] as const;

/** Reads the chat again whenever the server pushes a message of this complaint. */
function useLiveChat(complaintId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    void getIdToken().then((token) => {
      if (!token || stopped) return;
      socket = new WebSocket(`${getConfig().wsUrl}?token=${encodeURIComponent(token)}`);
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as PushMessage;
          if (message.type === 'chat' && message.complaintId === complaintId) {
            void queryClient.invalidateQueries({ queryKey: chatKey(complaintId) });
            void queryClient.invalidateQueries({ queryKey: COMPLAINTS_KEY });
          }
        } catch {
          // not a push of ours
        }
      };
    });
    return () => {
      stopped = true;
      socket?.close();
    };
  }, [complaintId, queryClient]);
}

function Chat({
  complaintId,
  staff,
  onClosed,
}: {
  complaintId: string;
  staff: boolean;
  onClosed: () => void;
}) {
  const queryClient = useQueryClient();
  const chat = useQuery({
    queryKey: chatKey(complaintId),
    // support reads any complaint through the staff route; a member only their own
    queryFn: () =>
      staff ? callApi('staffComplaintChat', { complaintId }) : callApi('complaintChat', { complaintId }),
  });
  useLiveChat(complaintId);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [closedText, setClosedText] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const send = useMutation({
    mutationFn: async () => {
      const imageKey = file ? await uploadImage(file) : undefined;
      const message = { complaintId, text: text.trim(), ...(imageKey ? { imageKey } : {}) };
      return staff ? callApi('staffSendChatMessage', message) : callApi('sendChatMessage', message);
    },
    onSuccess: () => {
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return queryClient.invalidateQueries({ queryKey: chatKey(complaintId) });
    },
  });
  const close = useMutation({
    mutationFn: () => callApi('closeComplaint', { complaintId }),
    onSuccess: (answer) => {
      setClosedText(answer.message);
      void queryClient.invalidateQueries({ queryKey: COMPLAINTS_KEY });
      window.setTimeout(onClosed, 1000);
    },
  });

  if (chat.isError) return <QueryError what="the chat" error={chat.error} onRetry={() => chat.refetch()} />;
  const resolved = chat.data?.complaint.status === 'resolved';
  return (
    <Stack gap="4">
      <Stack
        gap="3"
        maxH={{ base: '55dvh', md: '50dvh' }}
        overflowY="auto"
        p="2"
        aria-label="Messages"
        role="log"
        aria-live="polite"
      >
        {chat.isPending && <Text color="fg.muted">Loading the chat…</Text>}
        {chat.data?.messages.map((m) => {
          const mine = staff ? m.from === 'support' : m.from === 'member';
          return (
            <Box
              key={m.id}
              alignSelf={mine ? 'flex-end' : 'flex-start'}
              maxW="80%"
              bg={mine ? 'brand.solid' : 'bg.muted'}
              color={mine ? 'brand.contrast' : 'fg'}
              px="3"
              py="2"
              borderRadius="lg"
              data-testid="chat-bubble"
            >
              <Text fontSize="xs" opacity={0.8}>
                {m.from === 'support' ? 'Support' : 'Member'} · {dateTimeText(m.date)}
              </Text>
              {m.text && <Text whiteSpace="pre-wrap">{m.text}</Text>}
              {m.imageUrl && (
                <Image src={m.imageUrl} alt="Attached image" maxH="48" mt="1" borderRadius="md" />
              )}
            </Box>
          );
        })}
        <div ref={end} />
      </Stack>
      {closedText && <FormAlert status="success">{closedText}</FormAlert>}
      {resolved ? (
        <Text color="fg.muted">This complaint is resolved.</Text>
      ) : (
        <form
          aria-label="Send a message"
          onSubmit={(e) => {
            e.preventDefault();
            const bad = file ? imageProblem(file) : null;
            setProblem(bad ?? (!text.trim() && !file ? 'Write a message or attach an image.' : null));
            if (!bad && (text.trim() || file)) send.mutate();
          }}
        >
          <Stack gap="2">
            <Textarea
              aria-label="Message"
              placeholder="Write a message"
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={2}
            />
            <HStack gap="2" flexWrap="wrap">
              <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <LuPaperclip /> {file ? file.name : 'Attach image'}
              </Button>
              <Input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                display="none"
                aria-label="Attach image"
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  setProblem(chosen ? imageProblem(chosen) : null);
                }}
              />
              <Button type="submit" colorPalette="brand" size="sm" loading={send.isPending}>
                <LuSend /> Send
              </Button>
              {staff && (
                <Button
                  colorPalette="red"
                  variant="outline"
                  size="sm"
                  loading={close.isPending}
                  onClick={() => close.mutate()}
                >
                  Close Complaint
                </Button>
              )}
            </HStack>
            {(problem || send.isError || close.isError) && (
              <Text color="red.fg" role="alert">
                {problem ?? errorMessage(send.error ?? close.error)}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export function ChatDialog({
  complaintId,
  staff = false,
  onClose,
}: {
  complaintId: string | null;
  staff?: boolean;
  onClose: () => void;
}) {
  return (
    <AppDialog
      open={complaintId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={complaintId ? `Complaint ${complaintId}` : ''}
      size="lg"
    >
      {complaintId && <Chat complaintId={complaintId} staff={staff} onClosed={onClose} />}
    </AppDialog>
  );
}
