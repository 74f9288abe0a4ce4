import { ActionIcon, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMessageOff } from '@tabler/icons-react';
import type { ConversationSummary } from '@wallet/contract/backoffice';
import type { ChatMessage } from '@wallet/contract/chat';
import { chatLimits } from '@wallet/contract/constants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCustomerMessage, isStaffMessage } from '../../../components/chat/chat-messages';
import { withoutEchoed } from '../../../components/chat/message-outbox';
import { ConfirmModal } from '../../../components/ui/app-modal';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { useEndConversation } from '../api/end-conversation';
import { hasOlder, useHistory, useLoadOlder } from '../api/get-history';
import { markConversationRead } from '../api/mark-read';
import { conversationSubtitle, conversationTitle } from '../message-text';
import { type StaffPendingMessage, staffOutbox, useOutbox } from '../outbox';
import { useStaffMay } from '../use-staff-may';
import { classes } from './classes';
import { Composer } from './composer';
import { chatHref, useListParty } from './conversation-list';
import { StaffMessageLog } from './staff-message-log';

/**
 * Staff has read what is on screen: the read call goes once the customer's messages settle for
 * a second (chatLimits.readReceiptDebounceMs), when the conversation opens with unread ones and
 * whenever a new one arrives while it is open.
 */
function useReadReceipt(conversation: ConversationSummary, lastCustomerId: number | null) {
  /** The newest customer message staff's read covers; null until the history is on screen. */
  const acknowledged = useRef<number | null>(null);
  const { id, unread } = conversation;
  useEffect(() => {
    if (lastCustomerId === null) return;
    const unseen =
      acknowledged.current === null ? unread > 0 : lastCustomerId > acknowledged.current;
    if (!unseen) {
      acknowledged.current ??= lastCustomerId;
      return;
    }
    const timer = setTimeout(() => {
      acknowledged.current = lastCustomerId;
      void markConversationRead(id).catch(() => undefined);
    }, chatLimits.readReceiptDebounceMs);
    return () => clearTimeout(timer);
  }, [id, unread, lastCustomerId]);
}

const NONE_PENDING: StaffPendingMessage[] = [];
const NO_MESSAGES: ChatMessage[] = [];

/** The open conversation: its header, its messages and the composer. */
export function ConversationView({ conversation }: { conversation: ConversationSummary }) {
  const { t } = useTranslation();
  const party = useListParty();
  const history = useHistory(conversation.id);
  const loadOlder = useLoadOlder(conversation.id);
  const endConversation = useEndConversation();
  const mayWrite = useStaffMay()('chat.write');
  const outbox = staffOutbox(conversation.id);
  const entries = useOutbox((s) => s.byConversation[conversation.id] ?? NONE_PENDING);
  const messages = history.data?.messages ?? NO_MESSAGES;

  // Sent messages show from the outbox until the history holds them (same deliver.id).
  const pending = useMemo(() => withoutEchoed(entries, messages), [entries, messages]);
  useEffect(() => {
    for (const entry of entries) if (!pending.includes(entry)) outbox.remove(entry.deliverId);
  }, [entries, pending, outbox]);

  const lastCustomerId = messages.findLast(isCustomerMessage)?.id ?? null;
  // Marking read is an answer of sorts (`chat.write`): the read-only roles leave it unread.
  useReadReceipt(conversation, mayWrite ? lastCustomerId : null);

  const lastToCustomer = messages.findLast(isStaffMessage);
  const seenId = conversation.customerReadAll ? (lastToCustomer?.id ?? null) : null;
  const title = conversationTitle(conversation, t);

  const [asking, setAsking] = useState(false);
  const onEnd = () =>
    endConversation.mutate(conversation.id, {
      onSuccess: () => showSuccessAlert(t('backoffice.end.done')),
      onError: showErrorAlert,
    });

  return (
    <>
      <div className={classes.viewHeader}>
        <ActionIcon
          component={Link}
          to={chatHref(party)}
          variant="subtle"
          size="lg"
          className={classes.backButton}
          aria-label={t('backoffice.view.back')}
        >
          <IconArrowLeft size={20} aria-hidden />
        </ActionIcon>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h5" lineClamp={1}>
            {title}
          </Title>
          {conversationSubtitle(conversation) && (
            <Text size="xs" c="dimmed" truncate>
              {conversationSubtitle(conversation)}
            </Text>
          )}
        </Stack>
        {mayWrite && (
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconMessageOff size={16} aria-hidden />}
            loading={endConversation.isPending}
            onClick={() => setAsking(true)}
          >
            <span className={classes.phoneHidden}>{t('backoffice.end.action')}</span>
          </Button>
        )}
      </div>
      {history.isPending ? (
        <Center style={{ flex: 1 }}>
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : history.isError ? (
        <Stack align="center" justify="center" gap="xs" style={{ flex: 1 }}>
          <Text size="sm" c="dimmed">
            {t('backoffice.view.loadFailed')}
          </Text>
          <Button variant="light" size="compact-sm" onClick={() => void history.refetch()}>
            {t('backoffice.list.retry')}
          </Button>
        </Stack>
      ) : (
        <StaffMessageLog
          messages={messages}
          pending={pending}
          seenId={seenId}
          hasOlder={hasOlder(history.data)}
          loadingOlder={loadOlder.isPending}
          onLoadOlder={() => loadOlder.mutate(undefined, { onError: showErrorAlert })}
          onRetry={(deliverId) => outbox.resend(deliverId)}
          onDiscard={(deliverId) => outbox.remove(deliverId)}
        />
      )}
      {/* Answering, ending and attaching want `chat.write`; the others read only. */}
      {mayWrite && (
        <Composer
          onSend={(message) => outbox.send(message)}
          onAttach={(file) => outbox.attach(file)}
        />
      )}
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('backoffice.end.title')}
        confirmLabel={t('backoffice.end.confirm')}
        confirmColor="red"
        onConfirm={onEnd}
      >
        <Text size="sm">{t('backoffice.end.text', { name: title })}</Text>
      </ConfirmModal>
    </>
  );
}
