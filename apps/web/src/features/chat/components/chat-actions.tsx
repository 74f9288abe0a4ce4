import { Button, Text } from '@mantine/core';
import { IconExternalLink, IconPhone } from '@tabler/icons-react';
import type { ChatButton, GenericCard } from '@wallet/contract/chat';
import { useTranslation } from 'react-i18next';
import { telHref, webHref } from '../../../components/chat/chat-messages';
import classes from './chat-widget.module.css';

export type Postback = (title: string, payload: string) => void;

/**
 * One button of a buttons message or a generic card (the spec's entities): web opens its link in
 * a new tab, call dials, postback sends its payload as a postback message. Any other type
 * (and a link that cannot be opened) shows its title without an action.
 */
export function ChatActionButton({
  button,
  onPostback,
  compact = false,
}: {
  button: ChatButton;
  onPostback: Postback;
  compact?: boolean;
}) {
  const common = {
    variant: 'light' as const,
    size: compact ? ('compact-sm' as const) : ('sm' as const),
    fullWidth: !compact,
  };
  if (button.type === 'web') {
    // A same-site path opens too (http, https or this site).
    const href = webHref(button.payload, window.location.href);
    if (href) {
      return (
        <Button
          {...common}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={14} aria-hidden />}
        >
          {button.title}
        </Button>
      );
    }
  }
  if (button.type === 'call') {
    const href = telHref(button.payload);
    if (href) {
      return (
        <Button
          {...common}
          component="a"
          href={href}
          leftSection={<IconPhone size={14} aria-hidden />}
        >
          {button.title}
        </Button>
      );
    }
  }
  if (button.type === 'postback') {
    return (
      <Button {...common} onClick={() => onPostback(button.title, button.payload)}>
        {button.title}
      </Button>
    );
  }
  return (
    <Button {...common} disabled>
      {button.title}
    </Button>
  );
}

/** A message's buttons (or quick replies) and what a tap on one sends. */
type ButtonsProps = { buttons: ChatButton[]; onPostback: Postback };

/** The buttons under a buttons message's text. */
export function ChatButtons({ buttons, onPostback }: ButtonsProps) {
  if (buttons.length === 0) return null;
  return (
    <div className={classes.actions}>
      {buttons.map((button, index) => (
        // Titles may repeat; a button's place in its message is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <ChatActionButton key={index} button={button} onPostback={onPostback} />
      ))}
    </div>
  );
}

/** Quick replies: chips under the message; a tap sends the chip as a postback. */
export function QuickReplies({ buttons, onPostback }: ButtonsProps) {
  const { t } = useTranslation();
  if (buttons.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset
    <div className={classes.chips} role="group" aria-label={t('chat.quickReplies')}>
      {buttons.map((button, index) => (
        <Button
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          key={index}
          size="compact-sm"
          variant="outline"
          radius="xl"
          onClick={() => onPostback(button.title, button.payload)}
        >
          {button.title}
        </Button>
      ))}
    </div>
  );
}

/** Generic cards (image, title, subtitle, buttons) side by side, scrolled sideways. */
export function GenericCards({
  cards,
  onPostback,
}: {
  cards: GenericCard[];
  onPostback: Postback;
}) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  return (
    <ul className={classes.cards} aria-label={t('chat.cards')}>
      {cards.map((card, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={index} className={classes.card}>
          {card.image_url && (
            <img
              className={classes.cardImage}
              src={card.image_url}
              alt={card.title}
              loading="lazy"
            />
          )}
          <div className={classes.cardBody}>
            <Text size="sm" fw={600} className={classes.wrap}>
              {card.title}
            </Text>
            {card.subtitle && (
              <Text size="xs" c="dimmed" className={classes.wrap}>
                {card.subtitle}
              </Text>
            )}
            <div className={classes.cardActions}>
              {card.buttons.map((button, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                <ChatActionButton key={at} button={button} onPostback={onPostback} compact />
              ))}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
