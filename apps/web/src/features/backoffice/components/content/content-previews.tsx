import { Stack, Title } from '@mantine/core';
import { textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import type { ContentSettings } from '@wallet/contract/content-settings';
import { useTranslation } from 'react-i18next';
import { BonusNotice } from '../../../bonus/components/bonus-notice';
import { AgreementDialog } from '../../../lookup/components/agreement-dialog';
import { ConditionsModal } from '../../../lookup/components/conditions-modal';
import { ContactDetails } from '../../../lookup/components/contact-details';
import { HowtoPage } from '../../../lookup/components/howto-page';
import { SiteCreditLine } from '../../../lookup/components/site-credit';

/*
 * The member screens of a content draft, drawn by the member app's own components with the
 * draft's text of one language, as the server will answer it (decision 0064: an empty
 * translation falls back to the Thai one, `textIn`). The draft goes to them through their props,
 * so nothing in the phone asks the member API; what their buttons would do is not the preview's
 * to do. The HTML is the editor's own (tiptap keeps only its schema's tags) or the server's,
 * cleaned where kept.
 */

const stay = () => undefined;

/** The threshold the notice's `%percentFail%` shows as in the preview: the demo bonuses'. */
export const PREVIEW_PERCENT_FAIL = 10;

/** The foot of every member page, with the draft's site name and website. */
export function InfoScreen({ draft }: { draft: ContentSettings['info'] }) {
  return <SiteCreditLine info={draft} />;
}

/** The member's contact page with the draft. */
export function ContactScreen({
  draft,
  locale,
}: {
  draft: ContentSettings['contact'];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('contact.title')}
      </Title>
      <ContactDetails contact={{ ...draft, contactText: textIn(draft.contactText, locale) }} />
    </Stack>
  );
}

type DocumentScreenProps = {
  part: 'conditions' | 'agreements';
  draft: ContentSettings['conditions'];
  locale: Locale;
};

/**
 * The conditions as the bottom menu's Conditions opens them, or the member agreement as it
 * appears on home: open, as a member sees it.
 */
export function DocumentScreen({ part, draft, locale }: DocumentScreenProps) {
  const shown = { title: textIn(draft.title, locale), html: textIn(draft.html, locale) };
  return part === 'conditions' ? (
    <ConditionsModal opened onClose={stay} conditions={shown} />
  ) : (
    <AgreementDialog opened agreement={shown} onAccept={stay} onClose={stay} />
  );
}

/** The bonus notice as a bonus's details and a running bonus show it. */
export function NoticeScreen({
  draft,
  locale,
}: {
  draft: ContentSettings['notice'];
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('bonus.title')}
      </Title>
      <BonusNotice percentFail={PREVIEW_PERCENT_FAIL} notice={textIn(draft.notice, locale)} />
    </Stack>
  );
}

/** The how-to page with the draft's videos; tapping one plays it, as for a member. */
export function HowtoScreen({
  draft,
  locale,
}: {
  draft: ContentSettings['howto'];
  locale: Locale;
}) {
  const videos = draft.videos.map((video) => ({ ...video, title: textIn(video.title, locale) }));
  return <HowtoPage howto={{ videos }} />;
}
