import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ContentSettings, HowtoSettingSchema } from '@wallet/contract/content-settings';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';
import { ChoiceField } from '../promotions/fields';
import { type ContentForm, ContentPart } from './content-form';
import { HowtoScreen } from './content-previews';
import { useFieldMessage } from './field-message';
import { LocalTextInputs } from './local-text-inputs';

type Video = ContentSettings['howto']['videos'][number];
type VideoKey = Video['key'];

/** The videos the how-to page has a place for, in the members' order (the contract's keys). */
const videoKeys: readonly VideoKey[] = ['wallet', 'play', 'balance', 'bonus', 'bonusCancel'];

type VideoRowProps = {
  form: ContentForm<'howto'>;
  index: number;
  /** The keys the other videos hold: each key is one video. */
  taken: readonly VideoKey[];
  mayChange: boolean;
  onRemove: () => void;
};

function VideoRow({ form, index, taken, mayChange, onRemove }: VideoRowProps) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const key = (video: VideoKey) => t(`backoffice.content.howto.keys.${video}`);
  const name = t('backoffice.content.howto.video', { index: index + 1 });
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          {mayChange && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('backoffice.content.howto.remove', { name })}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        <Group grow align="flex-start" gap="sm">
          <ChoiceField
            control={form.control}
            name={`videos.${index}.key`}
            label={t('backoffice.content.howto.key')}
            disabled={!mayChange}
            options={videoKeys
              .filter((one) => !taken.includes(one))
              .map((one) => ({ value: one, label: key(one) }))}
          />
          <TextInput
            label={t('backoffice.content.howto.url')}
            placeholder="https://"
            error={message(form.formState.errors.videos?.[index]?.url?.message, 'https')}
            {...form.register(`videos.${index}.url`)}
          />
        </Group>
        <LocalTextInputs
          control={form.control}
          name={`videos.${index}.title`}
          label={t('backoffice.content.howto.title')}
        />
      </Stack>
    </Paper>
  );
}

type HowtoPartProps = { value: ContentSettings['howto']; mayChange: boolean };

/** The how-to videos: up to five, one per key, each a title in each language and an address. */
export function HowtoPart({ value, mayChange }: HowtoPartProps) {
  const { t } = useTranslation();
  const form = useForm<ContentSettings['howto']>({
    resolver: zodResolver(HowtoSettingSchema),
    values: value,
  });
  const videos = useFieldArray({ control: form.control, name: 'videos' });
  const keys = form.watch('videos').map((video) => video.key);
  const free = videoKeys.find((one) => !keys.includes(one));
  // The list's own refusal (a key twice, more than five), not a video's.
  const { errors } = form.formState;
  const listRefusal = fieldErrorText(errors.videos?.root?.message ?? errors.videos?.message);
  return (
    <ContentPart
      part="howto"
      form={form}
      mayChange={mayChange}
      preview={(draft, locale) => <HowtoScreen draft={draft} locale={locale} />}
    >
      <Text size="sm" c="dimmed">
        {t('backoffice.content.howto.origins')}
      </Text>
      {videos.fields.map((video, index) => (
        <VideoRow
          key={video.id}
          form={form}
          index={index}
          taken={keys.filter((_, other) => other !== index)}
          mayChange={mayChange}
          onRemove={() => videos.remove(index)}
        />
      ))}
      {listRefusal && (
        <Text size="sm" c="red.6" role="alert">
          {listRefusal}
        </Text>
      )}
      {mayChange && free && (
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => videos.append({ key: free, title: { th: '', la: '', en: '' }, url: '' })}
          >
            {t('backoffice.content.howto.add')}
          </Button>
        </Group>
      )}
    </ContentPart>
  );
}
