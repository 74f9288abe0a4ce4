import { describe, expect, it } from 'vitest';
import { localeOf } from './language';

describe('the reader’s language from Accept-Language', () => {
  it('takes the first of th, la and en by preference, Lao by either code', () => {
    expect(localeOf('en', 'th')).toBe('en');
    expect(localeOf('lo-LA,lo;q=0.9,en;q=0.5', 'th')).toBe('la');
    expect(localeOf('la', 'th')).toBe('la');
    expect(localeOf('fr-FR,en-GB;q=0.8,th;q=0.9', 'la')).toBe('th');
    expect(localeOf('th;q=0,en;q=0.1', 'la')).toBe('en');
  });

  it("falls back to the variant's language for none, nonsense or only other languages", () => {
    expect(localeOf(undefined, 'th')).toBe('th');
    expect(localeOf('', 'la')).toBe('la');
    expect(localeOf('de, fr;q=0.5', 'la')).toBe('la');
    expect(localeOf(';;;,q=x', 'th')).toBe('th');
  });
});
