import { CloseButton } from '@mantine/core';
import { createContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './chat-widget.module.css';

export type Picture = { src: string; alt: string; from: HTMLElement | null };

/** Opens a picture of the conversation full size over the panel. */
export const OpenPicture = createContext<(picture: Picture) => void>(() => {});

/**
 * A picture full size, over the whole panel (most of the screen on a phone). It lives inside
 * the panel rather than in a modal portal, so Escape closes the picture first, then the chat.
 */
export function ChatLightbox({ picture, onClose }: { picture: Picture; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className={classes.lightbox} role="dialog" aria-modal="true" aria-label={picture.alt}>
      <CloseButton
        ref={closeRef}
        className={classes.lightboxClose}
        size="lg"
        onClick={onClose}
        aria-label={t('chat.closeImage')}
      />
      <img className={classes.lightboxImage} src={picture.src} alt={picture.alt} />
    </div>
  );
}
