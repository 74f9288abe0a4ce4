import { Button, Divider, Loader } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import type { ChatMessage } from '@wallet/contract/chat';
import { chatLimits } from '@wallet/contract/constants';
import {
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { ChatRow } from './chat-rows';
import classes from './message-log.module.css';

/** How close to the top (px) a scroll must come to read the older page. */
const TOP_PX = 24;

/** How far the view is from the newest message, in pixels. */
function distanceFromBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

export type MessageRow = Extract<ChatRow<unknown>, { kind: 'message' }>;

type MessageLogProps<P extends { deliverId: string }> = {
  /** chatRows(messages, pending): what the log shows, in order. */
  rows: readonly ChatRow<P>[];
  messages: readonly ChatMessage[];
  pending: readonly P[];
  /** The reader's own side: a message of theirs is followed wherever the view is. */
  isOwn: (message: ChatMessage) => boolean;
  labels: { log: string; endConversation: string; newMessages: string; loadingOlder: string };
  loaded: boolean;
  loadingOlder: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  /** False while the log is hidden (the member's closed panel): it opens on the newest. */
  active?: boolean;
  /** The reader has come to the newest message. */
  onSeen?: () => void;
  /** Shown at the top of the log: the loading, failed or empty state, a load-older button. */
  status?: ReactNode;
  renderMessage: (row: MessageRow, index: number) => ReactNode;
  renderPending: (pending: P) => ReactNode;
};

/**
 * A conversation's messages, the member's widget and the staff's back office alike (the spec
 * section 2): oldest first with an 'End Conversation' divider where the session changes; it
 * follows new messages while the view is at the bottom, else shows a new-message notice (more
 * than 60 px up, the spec's constants and limits) that scrolls down; scrolling to the top reads the older
 * page, the view held on the message that was first.
 */
export function MessageLog<P extends { deliverId: string }>({
  rows,
  messages,
  pending,
  isOwn,
  labels,
  loaded,
  loadingOlder,
  hasOlder,
  onLoadOlder,
  active = true,
  onSeen,
  status,
  renderMessage,
  renderPending,
}: MessageLogProps<P>) {
  const logRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const anchor = useRef<{ id: string; offset: number } | null>(null);
  const seen = useRef({ lastId: 0, pending: new Set<string>() });
  const [notice, setNotice] = useState(false);
  // The latest callbacks, so that the effects below do not run again for a new closure.
  const latest = useRef({ onSeen, onLoadOlder });
  latest.current = { onSeen, onLoadOlder };

  const firstId = messages[0]?.id ?? 0;
  const last = messages.at(-1);
  const lastId = last?.id ?? 0;
  const lastMine = last !== undefined && isOwn(last);
  const lastPending = pending.at(-1)?.deliverId ?? null;

  const scrollToBottom = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    nearBottom.current = true;
    setNotice(false);
    latest.current.onSeen?.();
  }, []);

  const loadOlder = useCallback(() => {
    const log = logRef.current;
    if (!log || !loaded || loadingOlder || !hasOlder) return;
    const first = log.querySelector<HTMLElement>('[data-message-id]');
    anchor.current = first?.dataset.messageId
      ? { id: first.dataset.messageId, offset: first.offsetTop - log.scrollTop }
      : null;
    latest.current.onLoadOlder();
  }, [loaded, loadingOlder, hasOlder]);

  // An older page went on top: the message that was first stays where it was on screen.
  useLayoutEffect(() => {
    const log = logRef.current;
    const held = anchor.current;
    if (!log || !held || firstId === 0) return;
    anchor.current = null;
    const node = log.querySelector<HTMLElement>(`[data-message-id="${held.id}"]`);
    if (node) log.scrollTop = node.offsetTop - held.offset;
  }, [firstId]);

  // A failed older page leaves nothing to hold on to.
  useLayoutEffect(() => {
    if (!loadingOlder) anchor.current = null;
  }, [loadingOlder]);

  // Something new at the bottom: follow it when the reader sent it or was at the bottom.
  useLayoutEffect(() => {
    const before = seen.current;
    const sentNow = lastPending !== null && !before.pending.has(lastPending);
    const arrived = lastId > before.lastId;
    const first = before.lastId === 0 && before.pending.size === 0;
    seen.current = {
      lastId,
      pending: new Set([...before.pending, ...(lastPending ? [lastPending] : [])]),
    };
    if (!sentNow && !arrived) return;
    if (first || sentNow || lastMine || nearBottom.current) scrollToBottom();
    else setNotice(true);
  }, [lastId, lastPending, lastMine, scrollToBottom]);

  // The log was hidden (its scroll position with it): it opens on the newest messages.
  useLayoutEffect(() => {
    if (active) scrollToBottom();
  }, [active, scrollToBottom]);

  // At the bottom it stays there while the view changes size (a phone's keyboard opening) or
  // a picture or video above comes in.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const keep = () => {
      if (nearBottom.current) log.scrollTop = log.scrollHeight;
    };
    log.addEventListener('load', keep, true);
    log.addEventListener('loadedmetadata', keep, true);
    const observer = new ResizeObserver(keep);
    observer.observe(log);
    return () => {
      log.removeEventListener('load', keep, true);
      log.removeEventListener('loadedmetadata', keep, true);
      observer.disconnect();
    };
  }, []);

  // A page that does not fill the view cannot be scrolled up: the next one is read at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever messages change
  useEffect(() => {
    const log = logRef.current;
    if (!active || !log || log.clientHeight === 0) return;
    if (log.scrollHeight <= log.clientHeight) loadOlder();
  }, [active, loadOlder, messages]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    nearBottom.current = distanceFromBottom(log) <= chatLimits.unreadThresholdPx;
    if (nearBottom.current) {
      setNotice(false);
      onSeen?.();
    }
    if (log.scrollTop <= TOP_PX) loadOlder();
  };

  return (
    <div className={classes.body}>
      {/* Over the log rather than in it, so the messages do not move when it goes. */}
      {loadingOlder && (
        <Loader className={classes.older} size="xs" type="dots" aria-label={labels.loadingOlder} />
      )}
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-label={labels.log}
        aria-busy={!loaded || loadingOlder}
        // The log scrolls; a keyboard reaches it to scroll too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        onScroll={onScroll}
      >
        {status}
        {rows.map((row, index) => {
          if (row.kind === 'divider') {
            return (
              <Divider
                key={row.key}
                my={6}
                label={labels.endConversation}
                labelPosition="center"
                role="separator"
              />
            );
          }
          return (
            <Fragment key={row.key}>
              {row.kind === 'pending' ? renderPending(row.pending) : renderMessage(row, index)}
            </Fragment>
          );
        })}
      </div>
      {notice && (
        <Button
          className={classes.notice}
          size="compact-sm"
          radius="xl"
          onClick={scrollToBottom}
          rightSection={<IconArrowDown size={14} aria-hidden />}
        >
          {labels.newMessages}
        </Button>
      )}
    </div>
  );
}
