import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { type Locale, locales } from '@wallet/contract/constants';
import { useTranslation } from 'react-i18next';
import { changeLocale, useLocale } from '../../lib/i18n';

/** Each language names itself, so a reader of any of them can find their own. */
const localeNames: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

/**
 * A native select: the phone's own picker is the most familiar control for players, and it
 * keeps a popover library out of the /login bundle.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      value={current}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void changeLocale(next);
      }}
      data={locales.map((locale) => ({ value: locale, label: localeNames[locale] }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      radius="xl"
      variant="filled"
      w={108}
    />
  );
}
