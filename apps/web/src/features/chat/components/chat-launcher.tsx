import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../../../components/ui/lazy-overlay';
import { whenSettled } from '../../../lib/when-settled';
import { profileQueryOptions } from '../../account/api/get-profile';
import { useChatWidgetEnabled } from '../api/get-chat-widget-enabled';
import type { ChatSession } from '../chat-session';
import classes from './chat-launcher.module.css';

/**
 * The panel, its socket (socket.io-client) and everything else of the chat are one lazy chunk:
 * fetched when the button is first pressed, never with /login.
 */
const ChatPanel = lazyOverlay(
  async () => (await import('./chat-panel')).ChatPanel,
  (props) => props.opened,
);

const PANEL_ID = 'wallet-chat-panel';

/**
 * The member's conversation starts once the shell has settled, panel open or not: its socket
 * also carries the `wallet` events that update the balance on screen (the API contract).
 */
function useMemberSocket(member: { userId: string; username: string; name: string } | null) {
  const [session, setSession] = useState<ChatSession | null>(null);
  const userId = member?.userId;
  const username = member?.username ?? '';
  const name = member?.name ?? '';
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const cancel = whenSettled(() => {
      void import('../chat-session')
        .then(({ chatSessionFor }) => {
          if (!live) return;
          const started = chatSessionFor({ kind: 'member', userId, username, name });
          started.connect();
          setSession(started);
        })
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [userId, username, name]);
  return session;
}

/** Staff messages that came while the panel was closed, for the button's badge. */
function useUnseen(session: ChatSession | null): number {
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    if (!session) return;
    setUnseen(session.store.getState().unseen);
    return session.store.subscribe((state) => setUnseen(state.unseen));
  }, [session]);
  return unseen;
}

/**
 * The floating chat button and its panel (the spec's screens), shown only while
 * `enableChatWidget` says so. `as` says who chats: the signed-in member (member shell) or a
 * guest (the public contact page).
 */
export function ChatLauncher({ as }: { as: 'member' | 'guest' }) {
  const { t } = useTranslation();
  const enabled = useChatWidgetEnabled();
  const { data: profile } = useQuery({ ...profileQueryOptions(), enabled: as === 'member' });
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const started = useRef(false);

  const member =
    as === 'member' && profile
      ? {
          userId: String(profile.profile._id),
          username: profile.profile.username,
          name: profile.profile.name,
        }
      : null;
  const ready = enabled && (as === 'guest' || member !== null);
  const session = useMemberSocket(ready ? member : null);
  const unseen = useUnseen(session);

  useEffect(() => {
    if (session) started.current = true;
  }, [session]);

  // Leaving the shell (sign-out) or the contact page ends the conversation and its socket.
  useEffect(
    () => () => {
      if (started.current) {
        void import('../chat-session').then((m) => m.endChatSession()).catch(() => undefined);
      }
    },
    [],
  );

  if (!ready) return null;

  const close = () => {
    setOpened(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={classes.launcher}
        aria-label={t('chat.open')}
        aria-expanded={opened}
        aria-controls={opened ? PANEL_ID : undefined}
        onClick={() => {
          started.current = true;
          setOpened((open) => !open);
        }}
      >
        <IconMessageCircle size={26} aria-hidden />
        {unseen > 0 && !opened && (
          <span className={classes.badge} aria-hidden>
            {unseen > 9 ? '9+' : unseen}
          </span>
        )}
      </button>
      <ChatPanel id={PANEL_ID} opened={opened} onClose={close} member={member} />
    </>
  );
}
