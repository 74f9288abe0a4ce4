import { zodResolver } from '@hookform/resolvers/zod';
import { type ContentSettings, DocumentSettingSchema } from '@wallet/contract/content-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalTextField } from '../promotions/local-text-editor';
import { ContentPart } from './content-form';
import { DocumentScreen } from './content-previews';
import { LocalTextInputs } from './local-text-inputs';

type DocumentPartProps = {
  part: 'conditions' | 'agreements';
  value: ContentSettings['conditions'];
  mayChange: boolean;
};

/** The conditions or the member agreement: a title and an HTML text in each language. */
export function DocumentPart({ part, value, mayChange }: DocumentPartProps) {
  const { t } = useTranslation();
  const form = useForm<ContentSettings['conditions']>({
    resolver: zodResolver(DocumentSettingSchema),
    values: value,
  });
  return (
    <ContentPart
      part={part}
      form={form}
      mayChange={mayChange}
      preview={(draft, locale) => <DocumentScreen part={part} draft={draft} locale={locale} />}
    >
      <LocalTextInputs
        control={form.control}
        name="title"
        label={t('backoffice.content.document.title')}
      />
      <LocalTextField
        control={form.control}
        name="html"
        label={t('backoffice.content.document.html')}
        description={t('backoffice.content.document.htmlHint')}
        disabled={!mayChange}
      />
    </ContentPart>
  );
}
