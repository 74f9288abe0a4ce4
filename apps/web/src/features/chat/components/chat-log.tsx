import { Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { chatLimits } from '@wallet/contract/constants';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { type ChatRow, chatRows } from '../chat-conversation';
import type { ChatSession } from '../chat-session';
import { ChatMessageRow, PendingRow } from './chat-message';
import classes from './chat-widget.module.css';

/** How close to the top (px) a scroll must come to read the older page. */
const TOP_PX = 24;

/** How far the view is from the newest message, in pixels. */
export function distanceFromBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

/**
 * Quick replies answer the newest question only: they show on the staff's messages after the
 * customer's last message (and never while one of theirs is on its way).
 */
function quickRepliesFrom(rows: readonly ChatRow[]): number {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i];
    if (row?.kind === 'pending') return rows.length;
    if (row?.kind === 'message' && row.message.sender === 'customer') return i + 1;
  }
  return 0;
}

/**
 * The conversation (SPEC.md section 2): follows new messages while the view is at the bottom,
 * else shows a new-message notice (more than 60 px up, SPEC.md section 9) that scrolls down;
 * scrolling to the top reads ten older messages, the view held on the message that was first.
 */
export function ChatLog({ session, active }: { session: ChatSession; active: boolean }) {
  const { t } = useTranslation();
  const messages = useStore(session.store, (s) => s.messages);
  const pending = useStore(session.store, (s) => s.pending);
  const loaded = useStore(session.store, (s) => s.loaded);
  const loadingOlder = useStore(session.store, (s) => s.loadingOlder);
  const hasOlder = useStore(session.store, (s) => s.hasOlder);
  const historyFailed = useStore(session.store, (s) => s.historyFailed);
  const logRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const anchor = useRef<{ id: string; offset: number } | null>(null);
  const seen = useRef({ lastId: 0, pending: new Set<string>() });
  const [notice, setNotice] = useState(false);

  const rows = useMemo(() => chatRows(messages, pending), [messages, pending]);
  const repliesFrom = quickRepliesFrom(rows);
  const firstId = messages[0]?.id ?? 0;
  const last = messages.at(-1);
  const lastId = last?.id ?? 0;
  const lastMine = last?.sender === 'customer';
  const lastPending = pending.at(-1)?.deliverId ?? null;

  const scrollToBottom = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    nearBottom.current = true;
    setNotice(false);
    session.noteSeen();
  }, [session]);

  const loadOlder = useCallback(() => {
    const log = logRef.current;
    const state = session.store.getState();
    if (!log || !state.loaded || state.loadingOlder || !state.hasOlder) return;
    const first = log.querySelector<HTMLElement>('[data-message-id]');
    anchor.current = first?.dataset.messageId
      ? { id: first.dataset.messageId, offset: first.offsetTop - log.scrollTop }
      : null;
    void session.loadOlder();
  }, [session]);

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

  // Something new at the bottom: follow it when the customer sent it or was at the bottom.
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

  // The panel hid the log (its scroll position with it): it opens on the newest messages.
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
    if (loaded && hasOlder && !loadingOlder && log.scrollHeight <= log.clientHeight) loadOlder();
  }, [active, loaded, hasOlder, loadingOlder, loadOlder, messages]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    nearBottom.current = distanceFromBottom(log) <= chatLimits.unreadThresholdPx;
    if (nearBottom.current) {
      setNotice(false);
      session.noteSeen();
    }
    if (log.scrollTop <= TOP_PX) loadOlder();
  };

  return (
    <div className={classes.body}>
      {/* Over the log rather than in it, so the messages do not move when it goes. */}
      {loadingOlder && (
        <Loader
          className={classes.older}
          size="xs"
          type="dots"
          aria-label={t('chat.loadingOlder')}
        />
      )}
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-label={t('chat.messages')}
        aria-busy={!loaded || loadingOlder}
        // The log scrolls; a keyboard reaches it to scroll too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        tabIndex={0}
        onScroll={onScroll}
      >
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
            <Button size="compact-sm" variant="light" onClick={() => void session.loadFirstPage()}>
              {t('chat.retry')}
            </Button>
          </Stack>
        )}
        {loaded && rows.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="xl" px="md">
            {t('chat.empty')}
          </Text>
        )}
        {rows.map((row, index) => {
          if (row.kind === 'divider') {
            return (
              <Divider
                key={row.key}
                my={6}
                label={t('chat.endConversation')}
                labelPosition="center"
                role="separator"
              />
            );
          }
          if (row.kind === 'pending') {
            return (
              <PendingRow
                key={row.key}
                pending={row.pending}
                onPostback={(title, payload) => session.outbox.sendPostback(title, payload)}
                onResend={(id) => session.outbox.resend(id)}
                onRemove={(id) => session.outbox.remove(id)}
              />
            );
          }
          return (
            <ChatMessageRow
              key={row.key}
              message={row.message}
              firstOfRun={row.firstOfRun}
              showQuickReplies={index >= repliesFrom}
              onPostback={(title, payload) => session.outbox.sendPostback(title, payload)}
            />
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
          {t('chat.newMessages')}
        </Button>
      )}
    </div>
  );
}
