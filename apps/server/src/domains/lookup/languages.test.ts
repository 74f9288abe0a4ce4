import { expect, it } from 'vitest';
import { writeSetting } from '../../core/settings/settings.repository';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { useHarness } from '../../test/use-harness';

/** docs/decisions/0064: an operator's text is kept in th, la and en; each reader gets theirs. */
describeOnDatabases("operator texts in the reader's language", (target) => {
  const h = useHarness(target);
  // Thai letters, not the baht sign (U+0E3F) every language's amounts carry.
  const thai = /[\u0E01-\u0E3A\u0E40-\u0E5B]/;
  const lao = /[\u0E80-\u0EFF]/;

  it('answers the conditions, notice, bonuses, wheel and banners in the language asked for', async () => {
    const { app } = h;
    const m = await memberWithToken(app);
    const read = async (path: string, language?: string) => {
      const res = await call(app, 'GET', path, {
        token: m.token,
        headers: language ? { 'accept-language': language } : {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return JSON.stringify(res.body);
    };
    for (const path of [
      '/api/lookup/conditions',
      '/api/lookup/agreements',
      '/api/lookup/notice',
      '/api/lookup/howto',
      '/api/lookup/contact',
      '/api/bonus',
      '/api/spinwheel/setup',
      '/api/invite/banners',
      '/api/refund/banners',
      '/api/refund/check',
    ]) {
      const en = await read(path, 'en-GB,en;q=0.9');
      const la = await read(path, 'lo');
      const th = await read(path, 'th');
      expect(en, `${path} in English`).not.toMatch(thai);
      expect(en, `${path} in English`).not.toMatch(lao);
      expect(la, `${path} in Lao`).toMatch(lao);
      expect(la, `${path} in Lao`).not.toMatch(thai);
      expect(th, `${path} in Thai`).toMatch(thai);
      expect(th, `${path} in Thai`).not.toMatch(lao);
      // The Thai variant's own language when the reader names none of the three.
      expect(await read(path, 'fr'), path).toBe(th);
      expect(await read(path), path).toBe(th);
    }
  });

  it('reads a text written before texts had languages as the same text in each, its HTML cleaned', async () => {
    const { app, db } = h;
    await writeSetting(db, 'notice', { notice: 'One text <script>x()</script>for all' } as never);
    for (const language of ['th', 'lo', 'en']) {
      const res = await call(app, 'GET', '/api/lookup/notice', {
        headers: { 'accept-language': language },
      });
      expect(res.body).toEqual({ notice: 'One text <script>x()</script>for all' });
    }
    await writeSetting(db, 'conditions', {
      title: 'Old',
      html: '<p onclick="steal()">Old terms</p><script>steal()</script>',
    } as never);
    const res = await call(app, 'GET', '/api/lookup/conditions', {
      headers: { 'accept-language': 'lo' },
    });
    expect(res.body).toEqual({ title: 'Old', html: '<p>Old terms</p>' });
  });
});
