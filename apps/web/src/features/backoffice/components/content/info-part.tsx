import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { type ContentSettings, SiteInfoSettingSchema } from '@wallet/contract/content-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContentPart } from './content-form';
import { InfoScreen } from './content-previews';
import { useFieldMessage } from './field-message';

type InfoPartProps = { value: ContentSettings['info']; mayChange: boolean };

/** The site's name and its https address, at the foot of every member page. */
export function InfoPart({ value, mayChange }: InfoPartProps) {
  const { t } = useTranslation();
  const form = useForm<ContentSettings['info']>({
    resolver: zodResolver(SiteInfoSettingSchema),
    values: value,
  });
  const message = useFieldMessage();
  const { errors } = form.formState;
  return (
    <ContentPart
      part="info"
      form={form}
      mayChange={mayChange}
      preview={(draft) => <InfoScreen draft={draft} />}
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('backoffice.content.info.name')}
          error={message(errors.name?.message)}
          {...form.register('name')}
        />
        <TextInput
          label={t('backoffice.content.info.website')}
          placeholder="https://"
          error={message(errors.website?.message, 'https')}
          {...form.register('website')}
        />
      </SimpleGrid>
    </ContentPart>
  );
}
