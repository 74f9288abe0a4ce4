import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFile, IconPhone, IconPointer } from '@tabler/icons-react';
import type { ChatButton, ChatMessage, GenericCard } from '@wallet/contract/chat';
import { useTranslation } from 'react-i18next';
import { telHref, webHref } from '../../../components/chat/chat-messages';
import { isFileLink } from '../message-text';
import { classes } from './classes';

type Content = Pick<ChatMessage['message'], 'message_type' | 'payload'>;

/**
 * A button as staff sees it in a message: a link opens (http and https only), a call dials,
 * a postback is the reply the customer would send by tapping it.
 */
function MessageButton({ button }: { button: ChatButton }) {
  const { t } = useTranslation();
  const web = button.type === 'web' ? webHref(button.payload) : null;
  if (web) {
    return (
      <Anchor href={web} target="_blank" rel="noopener noreferrer" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconExternalLink size={14} aria-hidden />
          {button.title}
        </Group>
      </Anchor>
    );
  }
  const tel = button.type === 'call' ? telHref(button.payload) : null;
  if (tel) {
    return (
      <Anchor href={tel} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconPhone size={14} aria-hidden />
          {button.title}
        </Group>
      </Anchor>
    );
  }
  return (
    <Badge
      variant="outline"
      radius="sm"
      tt="none"
      title={t('backoffice.message.postback', { payload: button.payload })}
    >
      {button.title}
    </Badge>
  );
}

function Buttons({ buttons, label }: { buttons: ChatButton[] | undefined; label: string }) {
  if (!buttons?.length) return null;
  return (
    <ul className={classes.inlineList} aria-label={label}>
      {buttons.map((button, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; a sent message's buttons never change order
        <li key={index}>
          <MessageButton button={button} />
        </li>
      ))}
    </ul>
  );
}

function Media({ payload }: { payload: Content['payload'] }) {
  const { t } = useTranslation();
  const name = payload.name || t(`backoffice.preview.${payload.fileType ?? 'file'}`);
  if (!isFileLink(payload.filePath)) return <Text fs="italic">{name}</Text>;
  if (payload.fileType === 'image') {
    return (
      <a href={payload.filePath} target="_blank" rel="noopener noreferrer">
        <img src={payload.filePath} alt={name} loading="lazy" className={classes.media} />
      </a>
    );
  }
  if (payload.fileType === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: chat videos come from customers and staff, without captions
      <video src={payload.filePath} controls preload="metadata" className={classes.media}>
        {name}
      </video>
    );
  }
  return (
    <Anchor href={payload.filePath} target="_blank" rel="noopener noreferrer" download={name}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconFile size={16} aria-hidden />
        {name}
      </Group>
    </Anchor>
  );
}

function Cards({ cards }: { cards: GenericCard[] }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.cards} aria-label={t('backoffice.message.cards')}>
      {cards.map((card, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's cards never change order
        <Paper key={index} component="li" withBorder radius="md" className={classes.card}>
          {isFileLink(card.image_url) && (
            <img src={card.image_url} alt="" loading="lazy" className={classes.cardImage} />
          )}
          <Stack gap={2} p="xs">
            <Text fw={600} size="sm">
              {card.title}
            </Text>
            {card.subtitle && (
              <Text size="xs" c="dimmed">
                {card.subtitle}
              </Text>
            )}
            <Buttons buttons={card.buttons} label={t('backoffice.message.buttons')} />
          </Stack>
        </Paper>
      ))}
    </ul>
  );
}

/** Any chat message's content, readable whatever its type (the spec's entities). */
export function MessageContent({ content }: { content: Content }) {
  const { t } = useTranslation();
  const { payload } = content;
  switch (content.message_type) {
    case 'text':
      return <Text size="sm">{payload.message}</Text>;
    case 'quick_replies':
      return (
        <>
          <Text size="sm">{payload.message}</Text>
          <Buttons buttons={payload.buttons} label={t('backoffice.message.quickReplies')} />
        </>
      );
    case 'buttons':
      return (
        <>
          <Text size="sm">{payload.message}</Text>
          <Buttons buttons={payload.buttons} label={t('backoffice.message.buttons')} />
        </>
      );
    case 'media':
      return <Media payload={payload} />;
    case 'generic':
      return <Cards cards={payload.elements ?? []} />;
    case 'postback':
      return (
        <Group gap={6} wrap="nowrap">
          <IconPointer size={14} aria-hidden />
          <Text size="sm">
            {t('backoffice.message.tapped', { title: payload.title || payload.message })}
          </Text>
        </Group>
      );
    default:
      return (
        <Text size="sm" fs="italic" c="dimmed">
          {t('backoffice.message.unsupported')}
        </Text>
      );
  }
}
