import { errorCatalogue, errorCodes, slipNoteReasonKeys } from '@wallet/contract/errors';
import { spinErrorCodes, spinErrorI18nKey } from '@wallet/contract/spin';
import { describe, expect, it } from 'vitest';
import backofficeEn from './backoffice/en.json';
import backofficeLa from './backoffice/la.json';
import backofficeTh from './backoffice/th.json';
import en from './en.json';
import la from './la.json';
import memberEn from './member/en.json';
import memberLa from './member/la.json';
import memberTh from './member/th.json';
import th from './th.json';

type Tree = { [key: string]: string | Tree };

/** The member screens' part is merged into the same namespace (lib/i18n.ts loadLocalePart). */
function merge(base: Tree, part: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(part)) {
    const existing = out[key];
    out[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** The back office's part is merged the same way (features/backoffice/backoffice-translations.ts). */
const catalogues = {
  th: merge(merge(th, memberTh), backofficeTh),
  la: merge(merge(la, memberLa), backofficeLa),
  en: merge(merge(en, memberEn), backofficeEn),
} as Record<string, Tree>;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(
  Object.entries(catalogues).map(([locale, tree]) => [locale, leaves(tree)]),
) as Record<'th' | 'la' | 'en', Map<string, string>>;

/**
 * i18next's plural forms (`x_one`, `x_other`): every language keeps English's forms (Thai and
 * Lao say the same in both), so the catalogues keep one set of keys.
 */
const pluralForm = /_(zero|one|two|few|many|other)$/;
const withoutForm = (key: string) => key.replace(pluralForm, '');

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locale files', () => {
  it('keep every key in one file only: the member part never overrides a base word', () => {
    const base = leaves(en as Tree);
    for (const key of leaves(memberEn as Tree).keys()) expect(base.has(key), key).toBe(false);
  });

  it('keep the back office’s words apart from the base and member words', () => {
    const others = new Set([...leaves(en as Tree).keys(), ...leaves(memberEn as Tree).keys()]);
    for (const key of leaves(backofficeEn as Tree).keys()) {
      expect(others.has(key), key).toBe(false);
    }
  });

  it.each(['th', 'la', 'en'] as const)(
    'translate every error code of the catalogue in %s',
    (locale) => {
      for (const code of errorCodes) {
        expect(flat[locale].get(`errors.${code}`), `errors.${code}`).toBeTruthy();
      }
    },
  );

  it.each(['th', 'la', 'en'] as const)('translate every slip note reason in %s', (locale) => {
    for (const reason of slipNoteReasonKeys) {
      expect(flat[locale].get(`slipNote.${reason}`), `slipNote.${reason}`).toBeTruthy();
    }
  });

  it.each(['th', 'la', 'en'] as const)(
    'translate every spin and claim refusal under spin.error in %s',
    (locale) => {
      for (const code of spinErrorCodes) {
        expect(flat[locale].get(spinErrorI18nKey(code)), code).toBeTruthy();
      }
    },
  );

  it('have exactly the same keys in th, la and en', () => {
    const keys = [...flat.en.keys()].sort();
    expect([...flat.th.keys()].sort()).toEqual(keys);
    expect([...flat.la.keys()].sort()).toEqual(keys);
  });

  it('give every plural its _other form in every language', () => {
    const plurals = [...flat.en.keys()].filter((key) => pluralForm.test(key)).map(withoutForm);
    for (const locale of ['th', 'la', 'en'] as const) {
      for (const key of plurals)
        expect(flat[locale].has(`${key}_other`), `${locale}: ${key}`).toBe(true);
    }
  });

  it('contain no empty strings', () => {
    for (const [locale, entries] of Object.entries(flat)) {
      for (const [key, value] of entries) expect(value.trim(), `${locale}: ${key}`).not.toBe('');
    }
  });

  it('use the same placeholders in every language', () => {
    for (const [key, text] of flat.en) {
      expect(placeholders(flat.th.get(key) ?? ''), `th: ${key}`).toEqual(placeholders(text));
      expect(placeholders(flat.la.get(key) ?? ''), `la: ${key}`).toEqual(placeholders(text));
    }
  });

  it('are real translations, not English copies, in Thai and Lao', () => {
    const latinOnly = /^[\x20-\x7E…]*$/;
    for (const locale of ['th', 'la'] as const) {
      const copies = [...flat[locale]].filter(
        ([key, value]) => latinOnly.test(value) && value === flat.en.get(key),
      );
      // Only codes, placeholders and sample numbers may stay as they are (e.g. "0812345678").
      expect(copies.length, copies.map(([k]) => k).join(', ')).toBeLessThan(6);
    }
  });

  it('use the catalogue’s own words for English error texts', () => {
    for (const code of errorCodes) {
      expect(flat.en.get(`errors.${code}`), code).toBe(errorCatalogue[code].message);
    }
  });

  it('name the English error alert the way the spec does', () => {
    expect(flat.en.get('common.errorTitle')).toBe('An error occured');
    expect(flat.en.get('register.passwordNotEqualMsg')).toBe("Passwords don't match");
    expect(flat.en.get('notFound.title')).toBe('Page Not Found');
  });
});
