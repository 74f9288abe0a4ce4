import { Badge, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConversations } from '../api/get-conversations';
import { useStaffSocket, useStaffSocketStatus } from '../staff-socket';
import { useStaffMay } from '../use-staff-may';
import { classes } from './classes';
import { ConversationList, useListParty } from './conversation-list';
import { ConversationView } from './conversation-view';

/** The open conversation is in the address (`?c=<id>`), so the browser's back button closes it. */
function useOpenConversationId(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('c'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function ConnectionBadge() {
  const { t } = useTranslation();
  const status = useStaffSocketStatus((s) => s.status);
  const color = { online: 'teal', connecting: 'gray', offline: 'red' }[status];
  return (
    <Badge color={color} variant="dot" size="sm" tt="none" role="status">
      <span className={classes.phoneHidden}>{t(`backoffice.connection.${status}`)}</span>
    </Badge>
  );
}

function OpenConversation({ openId }: { openId: number | null }) {
  const { t } = useTranslation();
  const { data, isPending } = useConversations(useListParty());
  const conversation = data?.find((c) => c.id === openId);
  if (conversation) return <ConversationView key={conversation.id} conversation={conversation} />;
  if (openId !== null && isPending) {
    return (
      <Center style={{ flex: 1 }}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <Stack align="center" justify="center" gap="xs" style={{ flex: 1 }} c="dimmed">
      <IconMessages size={40} aria-hidden />
      <Text size="sm">{t('backoffice.view.choose')}</Text>
    </Stack>
  );
}

/**
 * /backoffice/chat, in the shell: the support inbox. Two columns on a desktop; on a phone the
 * list, or the open conversation with a way back. Roles without `chat.write` read only.
 */
export function StaffChatPage() {
  const { t } = useTranslation();
  const openId = useOpenConversationId();
  const mayWrite = useStaffMay()('chat.write');
  const { data: conversations } = useConversations(useListParty());
  useStaffSocket(openId);
  const hasOpen = openId !== null && !!conversations?.some((c) => c.id === openId);

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Title order={1} size="h4" className={classes.headerTitle}>
          {t('backoffice.sections.chat')}
        </Title>
        {!mayWrite && (
          <Badge color="gray" variant="light" tt="none">
            {t('backoffice.chat.readOnly')}
          </Badge>
        )}
        <ConnectionBadge />
      </header>
      <div className={classes.columns} data-open={hasOpen ? '' : undefined}>
        <nav className={classes.listColumn} aria-label={t('backoffice.list.label')}>
          <ConversationList openId={openId} />
        </nav>
        <section className={classes.viewColumn} aria-label={t('backoffice.view.label')}>
          <OpenConversation openId={openId} />
        </section>
      </div>
    </div>
  );
}
