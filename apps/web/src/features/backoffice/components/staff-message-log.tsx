import { Button, Center } from '@mantine/core';
import type { ChatMessage } from '@wallet/contract/chat';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaffMessage } from '../../../components/chat/chat-messages';
import { chatRows } from '../../../components/chat/chat-rows';
import { MessageLog } from '../../../components/chat/message-log';
import type { StaffPendingMessage } from '../outbox';
import { MessageBubble, PendingBubble } from './message-bubble';

type StaffMessageLogProps = {
  messages: ChatMessage[];
  pending: StaffPendingMessage[];
  /** The message to mark 'Seen' (the last one to the customer, once they have read it). */
  seenId: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (deliverId: string) => void;
  onDiscard: (deliverId: string) => void;
};

/** The open conversation on the staff's screen: the shared message log with staff's bubbles. */
export function StaffMessageLog(props: StaffMessageLogProps) {
  const { messages, pending, seenId, hasOlder, loadingOlder, onLoadOlder } = props;
  const { t } = useTranslation();
  const rows = useMemo(() => chatRows(messages, pending), [messages, pending]);

  return (
    <MessageLog
      rows={rows}
      messages={messages}
      pending={pending}
      isOwn={isStaffMessage}
      labels={{
        log: t('backoffice.view.messages'),
        endConversation: t('backoffice.view.endDivider'),
        newMessages: t('backoffice.view.newMessages'),
        loadingOlder: t('common.loading'),
      }}
      // The conversation's first page is on screen before the log is.
      loaded
      loadingOlder={loadingOlder}
      hasOlder={hasOlder}
      onLoadOlder={onLoadOlder}
      status={
        hasOlder && (
          <Center>
            <Button variant="subtle" size="compact-sm" loading={loadingOlder} onClick={onLoadOlder}>
              {t('backoffice.view.loadOlder')}
            </Button>
          </Center>
        )
      }
      renderMessage={(row) => (
        <MessageBubble message={row.message} seen={row.message.id === seenId} />
      )}
      renderPending={(entry) => (
        <PendingBubble entry={entry} onRetry={props.onRetry} onDiscard={props.onDiscard} />
      )}
    />
  );
}
