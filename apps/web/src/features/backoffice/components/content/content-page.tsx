import { Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import {
  IconFileCertificate,
  IconFileText,
  IconHeadset,
  IconInfoCircle,
  IconPlayerPlay,
  IconWorld,
} from '@tabler/icons-react';
import type { ContentKey, ContentSettings } from '@wallet/contract/content-settings';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useContentSettings } from '../../api/get-content-settings';
import { useStaffMay } from '../../use-staff-may';
import { SectionHeader } from '../section-header';
import { ContactPart } from './contact-part';
import { DocumentPart } from './document-part';
import { HowtoPart } from './howto-part';
import { InfoPart } from './info-part';
import { NoticePart } from './notice-part';

/** The tabs, one per part, each opened by `?tab=` (the first by none). */
const tabs = {
  info: IconWorld,
  contact: IconHeadset,
  conditions: IconFileText,
  agreements: IconFileCertificate,
  notice: IconInfoCircle,
  howto: IconPlayerPlay,
} as const satisfies Record<ContentKey, unknown>;
const parts = Object.keys(tabs) as ContentKey[];

/** Each part's form, from the content the server keeps. */
const forms: Record<ContentKey, (content: ContentSettings, mayChange: boolean) => ReactNode> = {
  info: (content, mayChange) => <InfoPart value={content.info} mayChange={mayChange} />,
  contact: (content, mayChange) => <ContactPart value={content.contact} mayChange={mayChange} />,
  conditions: (content, mayChange) => (
    <DocumentPart part="conditions" value={content.conditions} mayChange={mayChange} />
  ),
  agreements: (content, mayChange) => (
    <DocumentPart part="agreements" value={content.agreements} mayChange={mayChange} />
  ),
  notice: (content, mayChange) => <NoticePart value={content.notice} mayChange={mayChange} />,
  howto: (content, mayChange) => <HowtoPart value={content.howto} mayChange={mayChange} />,
};

/**
 * Content (docs/backoffice.md, "Content"): what members read that the operator writes — the
 * site's name, the contact, the conditions, the member agreement, the bonus notice and the how-to
 * videos — each part in th, la and en, edited beside a phone that shows the draft as a member
 * will see it. Admin and finance read it; an admin publishes a part with a reason, kept in the
 * audit log, and members read it on their next call.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const [params, setParams] = useSearchParams();
  const tab = parts.find((one) => one === params.get('tab')) ?? 'info';
  const { data, isError } = useContentSettings();
  const mayChange = may('settings.content');

  return (
    <Stack gap="md">
      <SectionHeader
        title={t('backoffice.sections.content')}
        text={t('backoffice.content.intro')}
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(next && next !== 'info' ? { tab: next } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {parts.map((part) => {
            const Icon = tabs[part];
            return (
              <Tabs.Tab key={part} value={part} leftSection={<Icon size={16} aria-hidden />}>
                {t(`backoffice.content.tabs.${part}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {!data &&
          (isError ? (
            <Text c="red.4" size="sm">
              {t('backoffice.content.loadFailed')}
            </Text>
          ) : (
            <Center py="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          ))}
        {data &&
          parts.map((part) => (
            <Tabs.Panel key={part} value={part}>
              {forms[part](data, mayChange)}
            </Tabs.Panel>
          ))}
      </Tabs>
    </Stack>
  );
}
