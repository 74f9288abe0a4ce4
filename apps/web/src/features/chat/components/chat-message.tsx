import { Progress, Text } from '@mantine/core';
import type { ChatMessage, ChatPayload } from '@wallet/contract/chat';
import { useTranslation } from 'react-i18next';
import { isStaffMessage } from '../../../components/chat/chat-messages';
import { FailedDelivery } from '../../../components/chat/failed-delivery';
import { formatDateTime } from '../../../lib/format';
import { type PendingMessage, pendingContent } from '../chat-conversation';
import { ChatButtons, GenericCards, type Postback, QuickReplies } from './chat-actions';
import { ChatMedia } from './chat-media';
import classes from './chat-widget.module.css';

type MessageType = ChatMessage['message']['message_type'];

/** A bubble of text, always as text: a chat message is never read as HTML. */
function Bubble({ children }: { children: string }) {
  return <div className={classes.bubble}>{children}</div>;
}

/** The body of a message by its type (the spec's entities). */
function MessageContent({
  type,
  payload,
  onPostback,
  showQuickReplies,
}: {
  type: MessageType;
  payload: ChatPayload;
  onPostback: Postback;
  showQuickReplies: boolean;
}) {
  const { t } = useTranslation();
  const text = payload.message || payload.title || '';
  switch (type) {
    case 'text':
      return <Bubble>{payload.message ?? ''}</Bubble>;
    case 'buttons':
      return (
        <>
          {text && <Bubble>{text}</Bubble>}
          <ChatButtons buttons={payload.buttons ?? []} onPostback={onPostback} />
        </>
      );
    case 'quick_replies':
      return (
        <>
          {text && <Bubble>{text}</Bubble>}
          {showQuickReplies && (
            <QuickReplies buttons={payload.buttons ?? []} onPostback={onPostback} />
          )}
        </>
      );
    case 'generic':
      return (
        <>
          {text && <Bubble>{text}</Bubble>}
          <GenericCards cards={payload.elements ?? []} onPostback={onPostback} />
        </>
      );
    case 'media':
      return <ChatMedia payload={payload} />;
    case 'postback':
      // The customer's tap on a button or quick reply: its title is what they "said".
      return <Bubble>{payload.title || payload.message || ''}</Bubble>;
    default:
      return <Bubble>{t('chat.unsupported')}</Bubble>;
  }
}

function rowClass(sender: ChatMessage['sender'], failed = false): string {
  const side = sender === 'customer' ? classes.mine : sender === 'system' ? classes.system : '';
  return [classes.row, side, failed ? classes.failed : ''].filter(Boolean).join(' ');
}

/** A message of the conversation: the customer's on the right, staff and bots on the left. */
export function ChatMessageRow({
  message,
  firstOfRun,
  showQuickReplies,
  onPostback,
}: {
  message: ChatMessage;
  firstOfRun: boolean;
  showQuickReplies: boolean;
  onPostback: Postback;
}) {
  const { t } = useTranslation();
  const staff = isStaffMessage(message);
  return (
    <div className={rowClass(message.sender)} data-message-id={message.id}>
      {staff && firstOfRun && (
        <Text size="xs" c="dimmed" fw={600}>
          {t(message.sender === 'bot' ? 'chat.bot' : 'chat.agent')}
        </Text>
      )}
      <MessageContent
        type={message.message.message_type}
        payload={message.message.payload}
        onPostback={onPostback}
        showQuickReplies={showQuickReplies}
      />
      <Text component="time" dateTime={message.createdAt} size="10px" c="dimmed">
        {formatDateTime(message.createdAt)}
      </Text>
    </div>
  );
}

/**
 * A message of the customer's on its way (the spec's entities delivery states): the upload's
 * progress, 'Sending…', or 'Not sent' with resend and remove.
 */
export function PendingRow({
  pending,
  onPostback,
  onResend,
  onRemove,
}: {
  pending: PendingMessage;
  onPostback: Postback;
  onResend: (deliverId: string) => void;
  onRemove: (deliverId: string) => void;
}) {
  const { t } = useTranslation();
  const { type, payload } = pendingContent(pending);
  const percent = Math.round(pending.progress * 100);
  const failed = pending.status === 'failed';
  return (
    <div className={rowClass('customer', failed)} data-deliver-id={pending.deliverId}>
      <MessageContent
        type={type}
        payload={payload}
        onPostback={onPostback}
        showQuickReplies={false}
      />
      {pending.status === 'uploading_file' && (
        <>
          <Progress
            value={percent}
            size="sm"
            w="min(15rem, 70%)"
            aria-label={t('chat.uploading', { percent })}
          />
          <Text size="xs" c="dimmed">
            {t('chat.uploading', { percent })}
          </Text>
        </>
      )}
      {pending.status === 'sending' && (
        <Text size="xs" c="dimmed">
          {t('chat.sending')}
        </Text>
      )}
      {pending.status === 'succeed' && (
        <Text component="time" dateTime={pending.createdAt} size="10px" c="dimmed">
          {formatDateTime(pending.createdAt)}
        </Text>
      )}
      {failed && (
        <FailedDelivery
          reason={pending.error ? `${t('chat.failed')}: ${pending.error}` : t('chat.failed')}
          retryLabel={t('chat.resend')}
          discardLabel={t('chat.remove')}
          onRetry={() => onResend(pending.deliverId)}
          onDiscard={() => onRemove(pending.deliverId)}
        />
      )}
    </div>
  );
}
