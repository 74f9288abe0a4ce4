import { Button } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { htmlLang, type Locale, locales } from '@wallet/contract/constants';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, useLocale } from '../../lib/i18n';
import classes from './language-switch.module.css';

/** Each language names itself, so a reader of any of them can find their own. */
export const localeNames: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };
const localeShort: Record<Locale, string> = { th: 'TH', la: 'LA', en: 'EN' };

/**
 * The language menu of every shell: a menu button with radio items (WAI-ARIA menu button
 * pattern). Hand-made rather than Mantine's Menu so no popover engine ships with /login.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLocale();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const items = rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = [...(items ?? [])].find((item) => item.getAttribute('aria-checked') === 'true');
    (checked ?? items?.[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [
      ...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) {
      event.preventDefault();
      items[(index + move + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      close(event.key === 'Escape');
    }
  };

  const choose = (locale: Locale) => {
    close(true);
    if (locale !== current) void changeLocale(locale);
  };

  return (
    <div ref={rootRef} className={classes.root}>
      <Button
        ref={buttonRef}
        variant="light"
        color="gray"
        size="compact-sm"
        radius="xl"
        leftSection={<IconLanguage size={16} aria-hidden />}
        rightSection={<IconChevronDown size={14} aria-hidden />}
        // The code it shows is part of its name (WCAG 2.5.3, label in name).
        aria-label={`${t('common.language')}: ${localeShort[current]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {localeShort[current]}
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('common.language')}
          className={classes.menu}
          onKeyDown={onMenuKeyDown}
        >
          {locales.map((locale) => (
            <button
              key={locale}
              type="button"
              role="menuitemradio"
              aria-checked={locale === current}
              lang={htmlLang[locale]}
              tabIndex={-1}
              className={classes.item}
              onClick={() => choose(locale)}
            >
              {localeNames[locale]}
              {locale === current && <IconCheck size={14} aria-hidden />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
