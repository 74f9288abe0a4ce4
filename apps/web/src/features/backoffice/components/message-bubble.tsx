import { Group, Progress, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { ChatMessage } from '@wallet/contract/chat';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailedDelivery } from '../../../components/chat/failed-delivery';
import { formatDateTime } from '../../../lib/format';
import type { StaffPendingMessage } from '../outbox';
import { classes } from './classes';
import { MessageContent } from './message-content';

type Side = 'customer' | 'staff' | 'system';

function sideOf(sender: ChatMessage['sender']): Side {
  if (sender === 'customer') return 'customer';
  return sender === 'system' ? 'system' : 'staff';
}

function Bubble({
  side,
  messageId,
  children,
  footer,
}: {
  side: Side;
  /** A stored message's id: the log holds the view on it when an older page comes in. */
  messageId?: number;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className={classes.bubbleRow} data-side={side} data-message-id={messageId}>
      <div className={classes.bubble}>{children}</div>
      {footer}
    </div>
  );
}

/**
 * A stored message (the system's session end never comes here: the list shows it as the
 * 'End Conversation' divider, chatRows); `seen` marks the last staff message once the customer has read it. */
export function MessageBubble({ message, seen }: { message: ChatMessage; seen: boolean }) {
  const { t } = useTranslation();
  const side = sideOf(message.sender);
  return (
    <Bubble
      side={side}
      messageId={message.id}
      footer={
        <Group gap={6} mt={2}>
          {message.sender === 'bot' && (
            <Text size="xs" c="dimmed">
              {t('backoffice.message.bot')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
          {seen && (
            <Group gap={2} c="teal.4">
              <IconChecks size={14} aria-hidden />
              <Text size="xs">{t('backoffice.message.seen')}</Text>
            </Group>
          )}
        </Group>
      }
    >
      <MessageContent content={message.message} />
    </Bubble>
  );
}

type PendingBubbleProps = {
  entry: StaffPendingMessage;
  onRetry: (deliverId: string) => void;
  onDiscard: (deliverId: string) => void;
};

/** A message staff has sent that the history does not hold yet, with its delivery status. */
export function PendingBubble({ entry, onRetry, onDiscard }: PendingBubbleProps) {
  const { t } = useTranslation();
  const { upload } = entry;
  const percent = Math.round(entry.progress * 100);
  const name = upload?.file.name ?? '';
  let body: ReactNode;
  if (entry.outgoing) body = <MessageContent content={entry.outgoing} />;
  else if (upload?.previewUrl && upload.kind === 'image')
    body = <img src={upload.previewUrl} alt={name} className={classes.media} />;
  else body = <Text size="sm">{name}</Text>;

  return (
    <Bubble
      side="staff"
      footer={
        <>
          {entry.status === 'uploading_file' && (
            <Progress
              value={percent}
              w="12rem"
              mt={4}
              size="sm"
              aria-label={t('backoffice.status.uploadingFile', { name })}
            />
          )}
          <Group gap={6} mt={2} justify="flex-end">
            {entry.status === 'failed' ? (
              <FailedDelivery
                reason={entry.error ?? t('backoffice.status.failed')}
                retryLabel={t('backoffice.status.retry')}
                discardLabel={t('backoffice.status.discard')}
                onRetry={() => onRetry(entry.deliverId)}
                onDiscard={() => onDiscard(entry.deliverId)}
                announce
              />
            ) : (
              <Text size="xs" c="dimmed" role="status">
                {entry.status === 'uploading_file'
                  ? t('backoffice.status.uploading', { percent })
                  : t(`backoffice.status.${entry.status}`)}
              </Text>
            )}
          </Group>
        </>
      }
    >
      {body}
    </Bubble>
  );
}
