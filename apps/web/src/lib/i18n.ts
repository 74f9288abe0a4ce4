import { htmlLang, type Locale } from '@wallet/contract/constants';
import i18n, { type Resource } from 'i18next';
import { createContext, use } from 'react';
import { initReactI18next } from 'react-i18next';
import thCatalogue from '../locales/th.json';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { useSessionStore } from './session-store';

type Messages = Record<string, unknown>;
export type LocaleLoaders = Record<Locale, () => Promise<{ default: Messages }>>;

/**
 * One JSON per locale (STYLE.md). Thai, the default, rides in the entry chunk (every first paint
 * needs it); Lao and English are fetched when they are the reader's.
 */
const loaders: LocaleLoaders = {
  th: async () => ({ default: thCatalogue }),
  la: () => import('../locales/la.json'),
  en: () => import('../locales/en.json'),
};

/**
 * Catalogues of the member screens, merged into the same namespace when those screens load:
 * the largest locale file counts towards the /login budget, and members' translations need not.
 */
const parts: LocaleLoaders[] = [];
const loaded = new Map<LocaleLoaders, Set<Locale>>();

async function loadInto(set: LocaleLoaders, locale: Locale): Promise<void> {
  const done = loaded.get(set) ?? new Set<Locale>();
  loaded.set(set, done);
  if (done.has(locale)) return;
  const messages = await set[locale]();
  i18n.addResourceBundle(locale, 'translation', messages.default, true, true);
  done.add(locale);
}

export function applyHtmlLang(locale: Locale): void {
  document.documentElement.lang = htmlLang[locale];
}

async function ensureLoaded(locale: Locale): Promise<void> {
  await loadInto(loaders, locale);
  await Promise.all(parts.map((part) => loadInto(part, locale)));
}

/**
 * The member screens' translations, loaded by the /user routes before they show: /login's bytes
 * carry only the public screens' translations (docs/decisions/0006).
 */
const memberCatalogues: LocaleLoaders = {
  th: () => import('../locales/member/th.json'),
  la: () => import('../locales/member/la.json'),
  en: () => import('../locales/member/en.json'),
};

export function loadMemberTranslations(): Promise<void> {
  return loadLocalePart(memberCatalogues);
}

/** Adds a catalogue part (now, for the current locale, and on every later switch). */
export async function loadLocalePart(part: LocaleLoaders): Promise<void> {
  if (!parts.includes(part)) parts.push(part);
  await loadInto(part, useSessionStore.getState().locale);
}

/** Starts i18next with the given messages already in hand (tests) or the locale's JSON. */
export async function initI18n(locale: Locale, resources?: Resource): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      resources: resources ?? {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  if (!resources) await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  applyHtmlLang(locale);
  return i18n;
}

/** The language switch: load, switch, remember the choice and fix `<html lang>`. */
export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  useSessionStore.getState().setLocale(locale);
  applyHtmlLang(locale);
  // The operator's texts come in the reader's language (Accept-Language): read them again.
  for (const queryKey of [
    queryKeys.lookup.all,
    queryKeys.bonus.all,
    queryKeys.spin.all,
    queryKeys.refund.all,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * Loads a locale's catalogues, with every part's loaded so far, without switching to it: the back
 * office's member preview shows the member screens in a language of its own.
 */
export function loadLocale(locale: Locale): Promise<void> {
  return ensureLoaded(locale);
}

/**
 * The locale of a subtree shown in another language than the reader's: the back office's member
 * preview (features/backoffice/components/promotions/phone-preview.tsx). Null everywhere else.
 */
export const ShownLocaleContext = createContext<Locale | null>(null);

/** The stored locale key (`th`, `la` or `en`) for formatters. */
export function useLocale(): Locale {
  const shown = use(ShownLocaleContext);
  const stored = useSessionStore((s) => s.locale);
  return shown ?? stored;
}

export { i18n };
