import { ActionIcon, Button, Group, Input, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { LocalBanner } from '@wallet/contract/common';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalTextEditor } from './local-text-editor';
import { refusalText } from './promotion-form';

/** The contract's limit of banners a bonus or a programme shows (promotion-settings.ts). */
export const MAX_BANNERS = 5;

const emptyBanner = (): LocalBanner => ({ image: '', html: { th: '', la: '', en: '' } });

type BannersEditorProps = {
  value: LocalBanner[];
  onChange: (banners: LocalBanner[]) => void;
  /** The form's words for the first refusal among the banners. */
  error?: string | undefined;
  disabled?: boolean;
};

/** The banners of a bonus or a programme: each a picture's address and its text in each language. */
export function BannersEditor({ value, onChange, error, disabled = false }: BannersEditorProps) {
  const { t } = useTranslation();
  const put = (index: number, banner: LocalBanner) =>
    onChange(value.map((one, i) => (i === index ? banner : one)));

  return (
    <Input.Wrapper
      label={t('backoffice.promotions.banners.label')}
      description={t('backoffice.promotions.banners.text', { max: MAX_BANNERS })}
      error={error}
    >
      <Stack gap="sm" mt={4}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('backoffice.promotions.banners.none')}
          </Text>
        )}
        {value.map((banner, index) => {
          const name = t('backoffice.promotions.banners.one', { index: index + 1 });
          return (
            // The banners have no id of their own; each editor follows its value (local-text-editor).
            // biome-ignore lint/suspicious/noArrayIndexKey: a banner is its place in the list
            <Paper key={index} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {!disabled && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('backoffice.promotions.banners.remove', { index: index + 1 })}
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
                <TextInput
                  label={t('backoffice.promotions.banners.image')}
                  description={t('backoffice.promotions.banners.imageText')}
                  placeholder="https://"
                  value={banner.image}
                  disabled={disabled}
                  onChange={(event) => put(index, { ...banner, image: event.currentTarget.value })}
                />
                <LocalTextEditor
                  label={t('backoffice.promotions.banners.html', { index: index + 1 })}
                  value={banner.html}
                  disabled={disabled}
                  onChange={(html) => put(index, { ...banner, html })}
                />
              </Stack>
            </Paper>
          );
        })}
        {!disabled && value.length < MAX_BANNERS && (
          <Group>
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => onChange([...value, emptyBanner()])}
            >
              {t('backoffice.promotions.banners.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

type BannersFieldProps<T extends FieldValues, Output> = {
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, LocalBanner[]>;
  disabled?: boolean;
};

/** The banners of a promotions form, with the first refusal among them. */
export function BannersField<T extends FieldValues, Output>({
  control,
  name,
  disabled = false,
}: BannersFieldProps<T, Output>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <BannersEditor
      value={field.value}
      onChange={field.onChange}
      disabled={disabled}
      error={refusalText(fieldState.error)}
    />
  );
}
