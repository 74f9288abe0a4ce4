import type { ContentSettings } from '@wallet/contract/content-settings';
import { expect, it } from 'vitest';
import { pngPicture } from '../../test/chat';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { staffToken } from '../../test/staff';
import { useHarness } from '../../test/use-harness';
import { originAllows } from './content-settings';

describeOnDatabases('the content members read, set in the back office', (target) => {
  const h = useHarness(target);
  const put = async (key: string, value: unknown, role: 'admin' | 'finance' = 'admin') =>
    call(h.app, 'PUT', `/api/backoffice/settings/content/${key}`, {
      token: await staffToken(h.app, role),
      body: { value, reason: 'content update' },
    });
  const current = async () =>
    (
      await call(h.app, 'GET', '/api/backoffice/settings/content', {
        token: await staffToken(h.app, 'finance'),
      })
    ).body as unknown as ContentSettings;

  it('changes the conditions in each language, cleaned, and members read theirs next', async () => {
    const res = await put('conditions', {
      title: { th: 'เงื่อนไขใหม่', la: 'ເງື່ອນໄຂໃໝ່', en: 'New conditions' },
      html: {
        th: '<p>ข้อ 1</p>',
        la: '<p>ຂໍ້ 1</p>',
        en: '<p onmouseover="steal()">Rule 1</p><script>steal()</script>',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ html: { en: '<p>Rule 1</p>' } });
    const read = async (language: string) =>
      (
        await call(h.app, 'GET', '/api/lookup/conditions', {
          headers: { 'accept-language': language },
        })
      ).body;
    expect(await read('en')).toEqual({ title: 'New conditions', html: '<p>Rule 1</p>' });
    expect(await read('lo')).toEqual({ title: 'ເງື່ອນໄຂໃໝ່', html: '<p>ຂໍ້ 1</p>' });

    const audit = await call(h.app, 'GET', '/api/backoffice/audit?action=settings.content', {
      token: await staffToken(h.app, 'admin'),
    });
    expect(
      (audit.body.entries as { target: string; before: unknown; after: unknown }[])[0],
    ).toMatchObject({
      target: 'content:conditions',
      before: { title: { en: 'Conditions' } },
      after: { title: { en: 'New conditions' } },
    });
  });

  it('takes an uploaded LINE QR picture that is what it says, and refuses one that is not', async () => {
    const before = await current();
    const qr = `data:image/png;base64,${pngPicture().toString('base64')}`;
    const ok = await put('contact', { ...before.contact, lineQR: qr });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await call(h.app, 'GET', '/api/lookup/contact')).body).toMatchObject({ lineQR: qr });

    const liar = `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`;
    const refused = await put('contact', { ...before.contact, lineQR: liar });
    expect([refused.status, refused.body.code]).toEqual([400, 'KEY_INVALID']);
    const page = Buffer.from('<html><script>steal()</script></html>').toString('base64');
    const notSvg = await put('contact', {
      ...before.contact,
      lineQR: `data:image/svg+xml;base64,${page}`,
    });
    expect(notSvg.status).toBe(400);
    const gif = await put('contact', {
      ...before.contact,
      lineQR: 'data:image/gif;base64,R0lGOD==',
    });
    expect(gif.status).toBe(400);
    const huge = `data:image/png;base64,${Buffer.alloc(300 * 1024, 1).toString('base64')}`;
    const big = await put('contact', { ...before.contact, lineQR: huge });
    expect([big.status, big.body.code]).toEqual([400, 'PICTURE_TOO_LARGE']);
    expect((await current()).contact.lineQR).toBe(qr);
  });

  it('refuses a video the CSP would block, an http link or a finance member, changing nothing', async () => {
    const before = await current();
    const video = before.howto.videos[0];
    if (!video) throw new Error('the demo has videos');
    const elsewhere = await put('howto', {
      videos: [{ ...video, url: 'https://videos.example.net/a.mp4' }],
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'VIDEO_ORIGIN_NOT_ALLOWED']);
    const plain = await put('info', { ...before.info, website: 'http://wallet.example.com' });
    expect([plain.status, plain.body.code]).toEqual([400, 'KEY_INVALID']);
    const finance = await put('notice', before.notice, 'finance');
    expect(finance.status).toBe(403);
    expect(await current()).toEqual(before);
  });

  it('matches video origins as the CSP does', () => {
    expect(originAllows('https://cdn.example.com', 'https://cdn.example.com/v.mp4')).toBe(true);
    expect(originAllows('https://*.example.com', 'https://a.example.com/v.mp4')).toBe(true);
    expect(originAllows('https://*.example.com', 'https://example.com/v.mp4')).toBe(false);
    expect(originAllows('https://*.example.com', 'https://evil-example.com/v.mp4')).toBe(false);
  });
});
