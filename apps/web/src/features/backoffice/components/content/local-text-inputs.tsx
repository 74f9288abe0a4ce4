import { Input, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { LocalText } from '@wallet/contract/common';
import { locales } from '@wallet/contract/constants';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localeNames } from '../../../../components/ui/language-switch';
import { refusalText } from '../promotions/promotion-form';

type LocalTextInputsProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPathByValue<T, LocalText>;
  label: string;
  description?: string;
  /** Several lines (a contact text, a notice), kept as typed; otherwise one line (a title). */
  multiline?: boolean;
};

/**
 * An operator text members read as plain text (a title, the contact text, the bonus notice), in
 * each language side by side (decision 0064). An empty one shows its readers the Thai text,
 * which its box says. The operator's HTML texts have the rich-text editor instead
 * (promotions/local-text-editor.tsx).
 */
export function LocalTextInputs<T extends FieldValues>({
  control,
  name,
  label,
  description,
  multiline = false,
}: LocalTextInputsProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value: LocalText = field.value;
  const Box = multiline ? Textarea : TextInput;
  return (
    <Input.Wrapper label={label} description={description} error={refusalText(fieldState.error)}>
      <SimpleGrid cols={multiline ? 1 : 3} spacing="xs" mt={4}>
        {locales.map((locale) => (
          <Box
            key={locale}
            label={localeNames[locale]}
            aria-label={`${label} (${localeNames[locale]})`}
            size="sm"
            value={value[locale]}
            placeholder={locale === 'th' ? undefined : t('backoffice.content.fallback')}
            {...(multiline ? { autosize: true, minRows: 2, maxRows: 8 } : {})}
            onChange={(event) => field.onChange({ ...value, [locale]: event.currentTarget.value })}
            onBlur={field.onBlur}
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
