import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { ContactSettingSchema, type ContentSettings } from '@wallet/contract/content-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContentPart } from './content-form';
import { ContactScreen } from './content-previews';
import { useFieldMessage } from './field-message';
import { LocalTextInputs } from './local-text-inputs';
import { PictureField } from './picture-field';

type ContactPartProps = { value: ContentSettings['contact']; mayChange: boolean };

/** The members' contact page: the contact text in each language, and LINE. */
export function ContactPart({ value, mayChange }: ContactPartProps) {
  const { t } = useTranslation();
  const form = useForm<ContentSettings['contact']>({
    resolver: zodResolver(ContactSettingSchema),
    values: value,
  });
  const message = useFieldMessage();
  const { errors } = form.formState;
  return (
    <ContentPart
      part="contact"
      form={form}
      mayChange={mayChange}
      preview={(draft, locale) => <ContactScreen draft={draft} locale={locale} />}
    >
      <LocalTextInputs
        control={form.control}
        name="contactText"
        label={t('backoffice.content.contact.text')}
        description={t('backoffice.content.contact.textHint')}
        multiline
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('backoffice.content.contact.lineName')}
          error={message(errors.lineName?.message)}
          {...form.register('lineName')}
        />
        <TextInput
          label={t('backoffice.content.contact.lineLink')}
          placeholder="https://line.me/…"
          error={message(errors.lineLink?.message, 'https')}
          {...form.register('lineLink')}
        />
      </SimpleGrid>
      <PictureField form={form} disabled={!mayChange} />
    </ContentPart>
  );
}
