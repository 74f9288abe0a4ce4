import { type LocaleLoaders, loadLocalePart } from '../../lib/i18n';

/**
 * The back office's translations, loaded by its routes before they show (like the member screens'
 * part): neither /login nor the member screens carry them.
 */
const backofficeCatalogues: LocaleLoaders = {
  th: () => import('../../locales/backoffice/th.json'),
  la: () => import('../../locales/backoffice/la.json'),
  en: () => import('../../locales/backoffice/en.json'),
};

export function loadBackofficeTranslations(): Promise<void> {
  return loadLocalePart(backofficeCatalogues);
}
