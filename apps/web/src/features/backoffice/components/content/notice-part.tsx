import { zodResolver } from '@hookform/resolvers/zod';
import { type ContentSettings, NoticeSettingSchema } from '@wallet/contract/content-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContentPart } from './content-form';
import { NoticeScreen } from './content-previews';
import { LocalTextInputs } from './local-text-inputs';

type NoticePartProps = { value: ContentSettings['notice']; mayChange: boolean };

/** The bonus notice, in each language; `%percentFail%` becomes the running bonus's threshold. */
export function NoticePart({ value, mayChange }: NoticePartProps) {
  const { t } = useTranslation();
  const form = useForm<ContentSettings['notice']>({
    resolver: zodResolver(NoticeSettingSchema),
    values: value,
  });
  return (
    <ContentPart
      part="notice"
      form={form}
      mayChange={mayChange}
      preview={(draft, locale) => <NoticeScreen draft={draft} locale={locale} />}
    >
      <LocalTextInputs
        control={form.control}
        name="notice"
        label={t('backoffice.content.notice.label')}
        description={t('backoffice.content.notice.placeholder', { name: '%percentFail%' })}
        multiline
      />
    </ContentPart>
  );
}
