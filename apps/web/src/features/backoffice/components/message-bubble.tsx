import { Button, Group, Progress, Text } from '@mantine/core';
import { IconAlertCircle, IconChecks } from '@tabler/icons-react';
import type { ChatMessage } from '@wallet/contract/chat';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { OutboxEntry } from '../outbox';
import classes from './backoffice.module.css';
import { MessageContent } from './message-content';

type Side = 'customer' | 'staff' | 'system';

function sideOf(sender: ChatMessage['sender']): Side {
  if (sender === 'customer') return 'customer';
  return sender === 'system' ? 'system' : 'staff';
}

function Bubble({
  side,
  children,
  footer,
}: {
  side: Side;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className={classes.bubbleRow} data-side={side}>
      <div className={classes.bubble}>{children}</div>
      {footer}
    </div>
  );
}

/** A stored message; `seen` marks the last staff message once the customer has read it. */
export function MessageBubble({ message, seen }: { message: ChatMessage; seen: boolean }) {
  const { t } = useTranslation();
  const side = sideOf(message.sender);
  // The system's session change has no text: the 'End Conversation' divider above says it.
  if (side === 'system' && !message.message.payload.message) return null;
  return (
    <Bubble
      side={side}
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
  entry: OutboxEntry;
  onRetry: (deliverId: string) => void;
  onDiscard: (deliverId: string) => void;
};

/** A message staff has sent that the history does not hold yet, with its delivery status. */
export function PendingBubble({ entry, onRetry, onDiscard }: PendingBubbleProps) {
  const { t } = useTranslation();
  const { attachment } = entry;
  const percent = Math.round((attachment?.progress ?? 0) * 100);
  const name = attachment?.file.name ?? '';
  let body: ReactNode;
  if (entry.message) body = <MessageContent content={entry.message} />;
  else if (attachment?.previewUrl && attachment.kind === 'image')
    body = <img src={attachment.previewUrl} alt={name} className={classes.media} />;
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
              <>
                <Group gap={4} c="red.4" role="alert">
                  <IconAlertCircle size={14} aria-hidden />
                  <Text size="xs">{entry.error ?? t('backoffice.status.failed')}</Text>
                </Group>
                <Button size="compact-xs" variant="light" onClick={() => onRetry(entry.deliverId)}>
                  {t('backoffice.status.retry')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => onDiscard(entry.deliverId)}
                >
                  {t('backoffice.status.discard')}
                </Button>
              </>
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
