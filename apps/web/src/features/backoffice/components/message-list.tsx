import { Button, Center, Divider } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { ChatMessage } from '@wallet/contract/chat';
import { chatLimits } from '@wallet/contract/constants';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatRows } from '../../chat/chat-conversation';
import type { StaffPendingMessage } from '../outbox';
import classes from './backoffice.module.css';
import { MessageBubble, PendingBubble } from './message-bubble';

/** How close to the top (px) scrolling starts loading the previous page. */
const LOAD_OLDER_AT_PX = 40;

type MessageListProps = {
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

type ScrollMark = {
  firstId: number | null;
  lastKey: string | null;
  /** Distance from the scroll position to the bottom of the content. */
  fromBottom: number;
  nearBottom: boolean;
};

function measure(el: HTMLElement): Pick<ScrollMark, 'fromBottom' | 'nearBottom'> {
  const fromBottom = el.scrollHeight - el.scrollTop;
  return { fromBottom, nearBottom: fromBottom - el.clientHeight <= chatLimits.unreadThresholdPx };
}

/**
 * The conversation's messages, oldest first, with the 'End Conversation' divider wherever the
 * session changes (SPEC.md section 2). It opens at the newest message, keeps the reader's place
 * when an older page arrives above, follows new messages while the reader is at the bottom and
 * otherwise offers a 'New messages' button.
 */
export function MessageList(props: MessageListProps) {
  const { messages, pending, seenId, hasOlder, loadingOlder, onLoadOlder } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const mark = useRef<ScrollMark>({
    firstId: null,
    lastKey: null,
    fromBottom: 0,
    nearBottom: true,
  });
  const [newBelow, setNewBelow] = useState(false);
  // The same rows as the widget's log: the 'End Conversation' divider where the session changes.
  const rows = useMemo(() => chatRows(messages, pending), [messages, pending]);

  const firstId = messages[0]?.id ?? null;
  const lastPending = pending.at(-1);
  const lastKey = lastPending
    ? `pending-${lastPending.deliverId}`
    : messages.length
      ? `message-${messages.at(-1)?.id}`
      : null;
  const ownLast = lastPending !== undefined;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const previous = mark.current;
    const toBottom = () => {
      el.scrollTop = el.scrollHeight;
    };
    if (previous.lastKey === null) toBottom();
    else if (firstId !== previous.firstId && lastKey === previous.lastKey) {
      // An older page went in above: the same message stays under the reader's eyes.
      el.scrollTop = el.scrollHeight - previous.fromBottom;
    } else if (lastKey !== previous.lastKey) {
      // Staff's own message is always followed; a customer's only from the bottom.
      if (previous.nearBottom || ownLast) toBottom();
      else setNewBelow(true);
    }
    mark.current = { firstId, lastKey, ...measure(el) };
  }, [firstId, lastKey, ownLast]);

  // A picture or video grows the log once it loads: a reader at the bottom stays there.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onMediaLoad = () => {
      if (mark.current.nearBottom) el.scrollTop = el.scrollHeight;
      mark.current = { ...mark.current, ...measure(el) };
    };
    // `load` does not bubble; the log hears its images' and videos' in the capture phase.
    el.addEventListener('load', onMediaLoad, true);
    el.addEventListener('loadedmetadata', onMediaLoad, true);
    return () => {
      el.removeEventListener('load', onMediaLoad, true);
      el.removeEventListener('loadedmetadata', onMediaLoad, true);
    };
  }, []);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    mark.current = { ...mark.current, ...measure(el) };
    if (mark.current.nearBottom) setNewBelow(false);
    if (el.scrollTop <= LOAD_OLDER_AT_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  const scrollToNewest = () => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    setNewBelow(false);
  };

  return (
    <div
      ref={ref}
      className={classes.log}
      role="log"
      aria-label={t('backoffice.view.messages')}
      onScroll={onScroll}
    >
      {hasOlder && (
        <Center>
          <Button variant="subtle" size="compact-sm" loading={loadingOlder} onClick={onLoadOlder}>
            {t('backoffice.view.loadOlder')}
          </Button>
        </Center>
      )}
      {rows.map((row) => {
        if (row.kind === 'divider') {
          return <Divider key={row.key} label={t('backoffice.view.endDivider')} my="xs" />;
        }
        if (row.kind === 'pending') {
          return (
            <PendingBubble
              key={row.key}
              entry={row.pending}
              onRetry={props.onRetry}
              onDiscard={props.onDiscard}
            />
          );
        }
        return (
          <MessageBubble key={row.key} message={row.message} seen={row.message.id === seenId} />
        );
      })}
      {newBelow && (
        <Button
          className={classes.newMessages}
          size="compact-sm"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={scrollToNewest}
        >
          {t('backoffice.view.newMessages')}
        </Button>
      )}
    </div>
  );
}
