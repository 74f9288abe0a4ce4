import { Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ConversationSummary } from '@wallet/contract/backoffice';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link';
import { formatDateTime, formatListTime } from '../../../lib/format';
import { paths } from '../../../lib/navigation';
import { useConversations } from '../api/get-conversations';
import { conversationSubtitle, conversationTitle, lastMessagePreview } from '../message-text';
import classes from './backoffice.module.css';

export function conversationHref(conversationId: number): string {
  return `${paths.backofficeChat}?c=${conversationId}`;
}

function ConversationRow({
  conversation,
  open,
}: {
  conversation: ConversationSummary;
  open: boolean;
}) {
  const { t } = useTranslation();
  const title = conversationTitle(conversation, t);
  const subtitle = conversationSubtitle(conversation);
  const last = conversation.lastMessage;
  const preview = last ? lastMessagePreview(last, t) : t('backoffice.list.noMessages');
  return (
    <Link
      to={conversationHref(conversation.id)}
      className={classes.row}
      aria-current={open ? 'true' : undefined}
    >
      <div className={classes.rowText}>
        <Text fw={conversation.unread > 0 ? 700 : 500} size="sm" truncate>
          {title}
          {subtitle && (
            <Text span c="dimmed" size="xs" ml={6}>
              {subtitle}
            </Text>
          )}
        </Text>
        <Text size="xs" c={conversation.unread > 0 ? undefined : 'dimmed'} truncate>
          {preview}
        </Text>
      </div>
      <div>
        {conversation.lastMessageAt && (
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={conversation.lastMessageAt}
            title={formatDateTime(conversation.lastMessageAt)}
          >
            {formatListTime(conversation.lastMessageAt)}
          </Text>
        )}
        {conversation.unread > 0 && (
          <Badge
            size="sm"
            circle={conversation.unread < 10}
            mt={4}
            display="block"
            ml="auto"
            aria-label={t('backoffice.list.unread', { n: conversation.unread })}
          >
            {conversation.unread}
          </Badge>
        )}
      </div>
    </Link>
  );
}

/** Every conversation, most recent first, with its last message and unread count. */
export function ConversationList({ openId }: { openId: number | null }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useConversations();
  if (isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (isError) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text size="sm" c="dimmed" ta="center">
          {t('backoffice.list.loadFailed')}
        </Text>
        <Button variant="light" size="compact-sm" onClick={() => void refetch()}>
          {t('backoffice.list.retry')}
        </Button>
      </Stack>
    );
  }
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        {t('backoffice.list.empty')}
      </Text>
    );
  }
  return (
    <ul className={classes.list}>
      {data.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow conversation={conversation} open={conversation.id === openId} />
        </li>
      ))}
    </ul>
  );
}
