import { Alert, Badge, Group, Input, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LocalText } from '@wallet/contract/common';
import { type Locale, locales } from '@wallet/contract/constants';
import { lazy, Suspense, useRef, useState } from 'react';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localeNames } from '../../../../components/ui/language-switch';
import { refusalText } from './promotion-form';

/**
 * Tags the server keeps in operator HTML (apps/server/src/lib/operator-html.ts) that this
 * editor's schema (StarterKit and links) has no place for: opening such a text here and typing
 * in it would drop them, so the editor says so first.
 */
const LOST_BY_EDITOR = /<(img|table|dl|mark|sub|sup|small)\b/i;

export function editorWouldDrop(html: string): boolean {
  return LOST_BY_EDITOR.test(html);
}

const HtmlEditor = lazy(async () => ({ default: (await import('./html-editor')).HtmlEditor }));

type LocalTextEditorProps = {
  label: string;
  description?: string;
  value: LocalText;
  onChange: (value: LocalText) => void;
  /** The form's words for a refusal of the text. */
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * An operator's HTML text in each language (decision 0064): a tab per language, each its own
 * HTML, written with the rich-text editor. Members read their language's; an empty one shows
 * them the Thai text, which its tab says. The one editor of every operator HTML text.
 */
export function LocalTextEditor({
  label,
  description,
  value,
  onChange,
  error,
  disabled = false,
}: LocalTextEditorProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Locale>('th');
  // Each language's editor changes its own text of the latest value, not of the render it saw.
  const latest = useRef(value);
  latest.current = value;
  const drops = locales.some((locale) => editorWouldDrop(value[locale]));

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap="xs" mt={4}>
        {drops && !disabled && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('backoffice.promotions.editor.drops')}
          </Alert>
        )}
        <Tabs value={shown} onChange={(next) => setShown((next as Locale | null) ?? 'th')}>
          <Tabs.List>
            {locales.map((locale) => (
              <Tabs.Tab key={locale} value={locale}>
                <Group gap={6} wrap="nowrap">
                  {localeNames[locale]}
                  {value[locale] === '' && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('backoffice.promotions.editor.empty')}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((locale) => (
            <Tabs.Panel key={locale} value={locale} pt="xs">
              <Suspense fallback={<Skeleton h={140} radius="md" />}>
                <HtmlEditor
                  html={value[locale]}
                  disabled={disabled}
                  name={`${label} (${localeNames[locale]})`}
                  onChange={(html) => onChange({ ...latest.current, [locale]: html })}
                />
              </Suspense>
              {locale !== 'th' && value[locale] === '' && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('backoffice.promotions.editor.fallback')}
                </Text>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Input.Wrapper>
  );
}

type LocalTextFieldProps<T extends FieldValues, Output> = {
  control: Control<T, unknown, Output>;
  name: FieldPathByValue<T, LocalText>;
  label: string;
  description?: string;
  disabled?: boolean;
};

/** An operator text of a promotions form: the editor, and the refusal of any of its languages. */
export function LocalTextField<T extends FieldValues, Output>({
  control,
  name,
  ...props
}: LocalTextFieldProps<T, Output>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <LocalTextEditor
      {...props}
      value={field.value}
      onChange={field.onChange}
      error={refusalText(fieldState.error)}
    />
  );
}
