import { Anchor, UnstyledButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { ChatPayload } from '@wallet/contract/chat';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenPicture } from './chat-lightbox';
import classes from './chat-widget.module.css';

/**
 * A media message (the spec's entities): a picture as a preview that opens full size, a video in
 * a player with controls, any other file as a link.
 */
export function ChatMedia({ payload }: { payload: ChatPayload }) {
  const { t } = useTranslation();
  const openPicture = use(OpenPicture);
  const src = payload.filePath;
  const name = payload.name ?? '';

  if (!src) {
    return (
      <span className={classes.bubble}>
        <IconPaperclip size={14} aria-hidden /> {name}
      </span>
    );
  }
  if (payload.fileType === 'image') {
    const alt = name || t('chat.picture');
    return (
      <UnstyledButton
        className={classes.mediaFrame}
        onClick={(event) => openPicture({ src, alt, from: event.currentTarget })}
        aria-label={t('chat.openImage', { name: alt })}
      >
        <img className={classes.media} src={src} alt={alt} loading="lazy" />
      </UnstyledButton>
    );
  }
  if (payload.fileType === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: chat videos are the customer's or staff's own clips, without captions
      <video
        className={classes.video}
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={name || t('chat.video')}
      />
    );
  }
  return (
    <Anchor className={classes.bubble} href={src} target="_blank" rel="noopener noreferrer">
      <IconPaperclip size={14} aria-hidden /> {name || src}
    </Anchor>
  );
}
