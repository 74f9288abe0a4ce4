import { Badge, Button, Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  type ConversationParty,
  type ConversationSummary,
  conversationParties,
} from '@wallet/contract/backoffice';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime, formatListTime } from '../../../lib/format';
import { useConversations } from '../api/get-conversations';
import { conversationSubtitle, conversationTitle, lastMessagePreview } from '../message-text';
import { backofficePaths } from '../paths';
import { classes } from './classes';

/**
 * The screen's address holds whose conversations the list shows (`?show=members|guests`, none
 * for all) and the open one (`?c=<id>`), so the browser's back button undoes either.
 */
export function chatHref(party: ConversationParty, conversationId: number | null = null): string {
  const query = new URLSearchParams();
  if (party !== 'all') query.set('show', party);
  if (conversationId !== null) query.set('c', String(conversationId));
  const search = query.toString();
  return search ? `${backofficePaths.chat}?${search}` : backofficePaths.chat;
}

export function useListParty(): ConversationParty {
  const [params] = useSearchParams();
  const shown = params.get('show');
  return conversationParties.find((party) => party === shown) ?? 'all';
}

function ConversationRow({
  conversation,
  open,
  party,
}: {
  conversation: ConversationSummary;
  open: boolean;
  party: ConversationParty;
}) {
  const { t } = useTranslation();
  const title = conversationTitle(conversation, t);
  const subtitle = conversationSubtitle(conversation);
  const last = conversation.lastMessage;
  const preview = last ? lastMessagePreview(last, t) : t('backoffice.list.noMessages');
  return (
    <Link
      to={chatHref(party, conversation.id)}
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

/** Whose conversations to show: everyone's, members' or guests' (a flood of guests never hides a member). */
function PartyFilter({ party, openId }: { party: ConversationParty; openId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={classes.listTools}>
      <SegmentedControl
        fullWidth
        size="xs"
        value={party}
        onChange={(value) =>
          void navigate(chatHref(conversationParties.find((p) => p === value) ?? 'all', openId))
        }
        aria-label={t('backoffice.list.show')}
        data={conversationParties.map((value) => ({
          value,
          label: t(`backoffice.list.parties.${value}`),
        }))}
      />
    </div>
  );
}

function ConversationRows({ party, openId }: { party: ConversationParty; openId: number | null }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useConversations(party);
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
    <>
      <ul className={classes.list}>
        {data.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              open={conversation.id === openId}
              party={party}
            />
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <Center py="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('backoffice.list.more')}
          </Button>
        </Center>
      )}
    </>
  );
}

/**
 * The open conversations of the chosen party, most recent first, a page at a time, each with
 * its last message and unread count.
 */
export function ConversationList({ openId }: { openId: number | null }) {
  const party = useListParty();
  return (
    <>
      <PartyFilter party={party} openId={openId} />
      <ConversationRows party={party} openId={openId} />
    </>
  );
}
