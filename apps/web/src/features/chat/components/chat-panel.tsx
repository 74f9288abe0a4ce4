import { Alert, CloseButton, Text, Title, Transition } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { guestId } from '../chat-identity';
import { chatSessionFor } from '../chat-session';
import { ChatComposer } from './chat-composer';
import { ChatLightbox, OpenPicture, type Picture } from './chat-lightbox';
import { ChatLog } from './chat-log';
import classes from './chat-widget.module.css';

/** The member chatting, or null for a guest (who chats under the device's guest id). */
export type ChatMember = { userId: string; username: string; name: string };

export type ChatPanelProps = {
  id: string;
  opened: boolean;
  onClose: () => void;
  member: ChatMember | null;
};

/**
 * The open chat (the spec's screens): header, messages, text box and attachments. It slides in
 * and out, and stays mounted while closed so the conversation stays as it was. Opening it
 * connects the socket (a guest's first connection) and reads the newest page once.
 */
export function ChatPanel({ id, opened, onClose, member }: ChatPanelProps) {
  const { t } = useTranslation();
  const userId = member?.userId;
  const username = member?.username ?? '';
  const name = member?.name ?? '';
  const session = useMemo(
    () =>
      chatSessionFor(
        userId === undefined
          ? { kind: 'guest', guestId: guestId() }
          : { kind: 'member', userId, username, name },
      ),
    [userId, username, name],
  );
  const connection = useStore(session.store, (s) => s.connection);
  const panelRef = useRef<HTMLElement>(null);
  const [picture, setPicture] = useState<Picture | null>(null);
  const closePicture = () => {
    picture?.from?.focus();
    setPicture(null);
  };

  useEffect(() => {
    session.setViewing(opened);
    if (!opened) return;
    session.connect();
    void session.loadFirstPage();
    panelRef.current?.focus();
  }, [opened, session]);

  return (
    <Transition mounted={opened} transition="slide-up" duration={220} keepMounted>
      {(style) => (
        <section
          ref={panelRef}
          id={id}
          className={classes.panel}
          style={style}
          role="dialog"
          aria-label={t('chat.title')}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            if (picture) closePicture();
            else onClose();
          }}
        >
          <header className={classes.header}>
            <IconMessageCircle size={20} aria-hidden color="var(--mantine-color-gold-4)" />
            <Title order={2} size="h5" style={{ flex: 1, minWidth: 0 }}>
              {t('chat.title')}
            </Title>
            {connection === 'connecting' && (
              <Text size="xs" c="dimmed">
                {t('chat.connecting')}
              </Text>
            )}
            <CloseButton size="lg" onClick={onClose} aria-label={t('chat.close')} />
          </header>
          {connection === 'failed' && (
            <Alert color="red" variant="light" radius={0} py={8}>
              {t('chat.cannotStart')}
            </Alert>
          )}
          <OpenPicture value={setPicture}>
            <ChatLog session={session} active={opened} />
          </OpenPicture>
          <ChatComposer session={session} />
          {picture && <ChatLightbox picture={picture} onClose={closePicture} />}
        </section>
      )}
    </Transition>
  );
}
