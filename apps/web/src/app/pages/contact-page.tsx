import { Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { APP_VERSION } from '@wallet/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { ChatLauncher } from '../../features/chat/components/chat-launcher';
import { useContact } from '../../features/lookup/api/get-contact';
import { ContactDetails } from '../../features/lookup/components/contact-details';
import { errorText } from '../../lib/errors';
import { paths } from '../../lib/navigation';

/**
 * Contact, in both shells (the spec's screens): contact text, version, LINE QR and name/link,
 * and the chat widget when enableChatWidget is on. The member shell carries its own chat
 * button on every page, /user/contact included; here it serves visitors, as guests.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const { data, error, isPending } = useContact();
  // The how-to page lives in the public shell; linking there from /user would end the session.
  const isPublic = useMatch(paths.contact) !== null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('contact.title')}
      </Title>
      {isPending && (
        <Center py="xl">
          <Loader color="gold" type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {error && <Text c="red.4">{errorText(error)}</Text>}
      {data && <ContactDetails contact={data} />}
      {isPublic && (
        <Anchor component={Link} to={paths.howto} size="sm" ta="center">
          <Group gap={6} justify="center" component="span">
            <IconPlayerPlay size={16} aria-hidden />
            {t('howto.linkLabel')}
          </Group>
        </Anchor>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {t('common.version', { version: APP_VERSION })}
      </Text>
      {isPublic && <ChatLauncher as="guest" />}
    </Stack>
  );
}
