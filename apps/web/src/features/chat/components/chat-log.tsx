import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { isCustomerMessage } from '../../../components/chat/chat-messages';
import { type ChatRow, chatRows } from '../../../components/chat/chat-rows';
import { MessageLog } from '../../../components/chat/message-log';
import type { PendingMessage } from '../chat-conversation';
import type { ChatSession } from '../chat-session';
import { ChatMessageRow, PendingRow } from './chat-message';

/**
 * Quick replies answer the newest question only: they show on the staff's messages after the
 * customer's last message (and never while one of theirs is on its way).
 */
function quickRepliesFrom(rows: readonly ChatRow<PendingMessage>[]): number {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row?.kind === 'pending') return rows.length;
    if (row?.kind === 'message' && row.message.sender === 'customer') return i + 1;
  }
  return 0;
}

/** The member's conversation (the shared message log), read from the widget's session. */
export function ChatLog({ session, active }: { session: ChatSession; active: boolean }) {
  const { t } = useTranslation();
  const messages = useStore(session.store, (s) => s.messages);
  const pending = useStore(session.store, (s) => s.pending);
  const loaded = useStore(session.store, (s) => s.loaded);
  const loadingOlder = useStore(session.store, (s) => s.loadingOlder);
  const hasOlder = useStore(session.store, (s) => s.hasOlder);
  const historyFailed = useStore(session.store, (s) => s.historyFailed);

  const rows = useMemo(() => chatRows(messages, pending), [messages, pending]);
  const repliesFrom = quickRepliesFrom(rows);
  const onPostback = (title: string, payload: string) =>
    session.outbox.sendPostback(title, payload);

  return (
    <MessageLog
      rows={rows}
      messages={messages}
      pending={pending}
      isOwn={isCustomerMessage}
      labels={{
        log: t('chat.messages'),
        endConversation: t('chat.endConversation'),
        newMessages: t('chat.newMessages'),
        loadingOlder: t('chat.loadingOlder'),
      }}
      loaded={loaded}
      loadingOlder={loadingOlder}
      hasOlder={hasOlder}
      onLoadOlder={() => void session.loadOlder()}
      active={active}
      onSeen={() => session.noteSeen()}
      status={
        <>
          {!loaded && !historyFailed && (
            <Center py="xl">
              <Loader color="gold" type="dots" aria-label={t('common.loading')} />
            </Center>
          )}
          {historyFailed && (
            <Stack align="center" gap="xs" py="lg">
              <Text size="sm" c="red.4">
                {t('chat.historyFailed')}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => void session.loadFirstPage()}
              >
                {t('chat.retry')}
              </Button>
            </Stack>
          )}
          {loaded && rows.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="xl" px="md">
              {t('chat.empty')}
            </Text>
          )}
        </>
      }
      renderMessage={(row, index) => (
        <ChatMessageRow
          message={row.message}
          firstOfRun={row.firstOfRun}
          showQuickReplies={index >= repliesFrom}
          onPostback={onPostback}
        />
      )}
      renderPending={(entry) => (
        <PendingRow
          pending={entry}
          onPostback={onPostback}
          onResend={(id) => session.outbox.resend(id)}
          onRemove={(id) => session.outbox.remove(id)}
        />
      )}
    />
  );
}
