import { Badge, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLogout, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { useConversations } from '../api/get-conversations';
import { useStaffProfile } from '../api/get-staff-profile';
import { staffLogout } from '../api/staff-logout';
import { useStaffSocket, useStaffSocketStatus } from '../staff-socket';
import classes from './backoffice.module.css';
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
 * /backoffice/chat: the support staff's screen. Two columns on a desktop; on a phone the list,
 * or the open conversation with a way back.
 */
export function StaffChatPage() {
  const { t } = useTranslation();
  const openId = useOpenConversationId();
  const { data: staff } = useStaffProfile();
  const { data: conversations } = useConversations(useListParty());
  useStaffSocket(openId);
  const hasOpen = openId !== null && !!conversations?.some((c) => c.id === openId);

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <div className={classes.headerTitle}>
          <Title order={1} size="h4" lineClamp={1}>
            {t('backoffice.chat.title')}
          </Title>
          {staff && (
            <Text size="xs" c="dimmed" truncate>
              {t('backoffice.chat.signedInAs', { name: staff.name || staff.username })}
            </Text>
          )}
        </div>
        <ConnectionBadge />
        <LanguageSwitch />
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void staffLogout()}
        >
          <span className={classes.phoneHidden}>{t('backoffice.chat.signOut')}</span>
        </Button>
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
