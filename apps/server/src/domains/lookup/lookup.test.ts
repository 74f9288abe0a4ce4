import { constants, createPublicKey, privateDecrypt, publicEncrypt } from 'node:crypto';
import { gameProviderCodes, howtoVideos } from '@wallet/contract/constants';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readSetting } from '../../core/settings/settings.repository';
import { banks, gameProviders, settings, sources } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { useHarness } from '../../test/use-harness';

describeOnDatabases('lookups', (target) => {
  const h = useHarness(target);

  const get = async (path: string) => {
    const res = await call(h.app, 'GET', `/api/lookup/${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('lists the Thai banks with their Thai and English names, and no Lao bank', async () => {
    const { banks: list } = (await get('banks')) as { banks: { code: string }[] };
    const codes = list.map((b) => b.code);
    for (const code of [
      'SCB',
      'KBANK',
      'KTB',
      'TMB',
      'BBL',
      'BAY',
      'GSB',
      'BAAC',
      'GHB',
      'UOB',
      'CIMB',
      'TTB',
      'KKP',
      'LH',
      'TISCO',
    ]) {
      expect(codes).toContain(code);
    }
    expect(codes).not.toContain('BCEL');
    expect(list[0]).toEqual({
      code: 'SCB',
      nameTH: 'ธนาคารไทยพาณิชย์',
      nameEN: 'Siam Commercial Bank',
      currency: 'BAHT',
    });
  });

  it('lists the sources with descriptions', async () => {
    const { sources: list } = (await get('sources')) as { sources: { code: string }[] };
    expect(list.map((s) => s.code)).toEqual([
      'facebook',
      'google',
      'line',
      'tiktok',
      'friend',
      'other',
    ]);
    expect(list[0]).toEqual({ code: 'facebook', description: 'Facebook' });
  });

  it('answers site info, contact with a generated LINE QR, and the documents', async () => {
    expect(await get('info')).toEqual({
      name: 'Member Wallet',
      website: 'https://wallet.example.com',
    });
    const contact = await get('contact');
    expect(contact).toMatchObject({
      lineName: '@memberwallet',
      lineLink: 'https://line.me/R/ti/p/@memberwallet',
      contactText: expect.any(String),
    });
    expect(String(contact.lineQR)).toMatch(/^data:image\/png;base64,/);
    for (const doc of ['conditions', 'agreements']) {
      const body = await get(doc);
      expect(body).toEqual({ title: expect.any(String), html: expect.stringContaining('<') });
    }
  });

  it('answers the notice with its %percentFail% placeholder', async () => {
    expect(String((await get('notice')).notice)).toContain('%percentFail%');
  });

  it('answers withdraw limits, and the other amount rules, in baht', async () => {
    expect(await get('withdraw')).toEqual({
      withdrawMin: 100,
      withdrawMax: 50000,
      currency: 'BAHT',
      transferMin: 1,
      giftLinkMin: 2,
      qrMin: { KBANK: 1, WW: 100, PAYONEX: 100, PAYTIMZ: 10 },
      // Issue 33: each provider's maximum, the largest deposit until the operator sets one.
      qrMax: { KBANK: 100_000, WW: 100_000, PAYONEX: 100_000, PAYTIMZ: 100_000 },
      depositMax: 100_000,
    });
  });

  it('answers slip settings, feature flags and the service state', async () => {
    expect(await get('slip')).toEqual({ isActive: true, uploadWindowMinutes: 60, maxSizeMb: 10 });
    expect(await get('registerOTP')).toEqual({ isActive: true });
    expect(await get('enableChatWidget')).toEqual({ isActive: true });
    expect(await get('active')).toEqual({ terminated: false });
  });

  it('answers the five how-to videos in order', async () => {
    const { videos } = (await get('howto')) as {
      videos: { key: string; title: string; url: string }[];
    };
    expect(videos.map((v) => v.key)).toEqual([...howtoVideos]);
    for (const video of videos) expect(video.url).toMatch(/^https:\/\//);
  });

  it('answers one stable RSA-OAEP-256 public key whose private half is kept in settings', async () => {
    const first = await get('truelink-key');
    const second = await get('truelink-key');
    expect(first).toEqual(second);
    expect(first.alg).toBe('RSA-OAEP-256');
    const publicKey = createPublicKey(String(first.publicKey));
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(String(first.publicKey)).toContain('BEGIN PUBLIC KEY');

    // A client encrypts a gift link with it; the server's stored private key decrypts it.
    const link = 'https://gift.truemoney.com/campaign/?v=abc123';
    const ciphertext = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(link),
    );
    const { privateKey } = await readSetting(h.db, 'truelinkKey');
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      ciphertext,
    );
    expect(plain.toString()).toBe(link);
    expect(JSON.stringify(first)).not.toContain('PRIVATE');
  });

  it('serves content from the database, so an operator change shows at once', async () => {
    await h.db
      .update(settings)
      .set({ value: { name: 'Renamed', website: 'https://renamed.example.com' } })
      .where(eq(settings.key, 'info'));
    try {
      expect(await get('info')).toEqual({
        name: 'Renamed',
        website: 'https://renamed.example.com',
      });
    } finally {
      await h.db
        .update(settings)
        .set({ value: { name: 'Member Wallet', website: 'https://wallet.example.com' } })
        .where(eq(settings.key, 'info'));
    }
  });

  describe('the seed', () => {
    it('holds all 16 game providers with a category each', async () => {
      const rows = await h.db.select().from(gameProviders);
      expect(rows.map((r) => r.code).sort()).toEqual([...gameProviderCodes].sort());
      const category = Object.fromEntries(rows.map((r) => [r.code, r.category]));
      expect(category).toMatchObject({
        UFABET: 'sport',
        SEXYGAME: 'sport',
        HUAYHD: 'lotto',
        JOKER: 'slot',
        PG: 'slot',
      });
      for (const row of rows) {
        expect(row.logo).toMatch(/^data:image\/svg\+xml;base64,/);
        expect(row.active).toBe(true);
      }
    });

    it('is applied once: a second start changes nothing and keeps operator edits', async () => {
      await h.db.update(banks).set({ nameEn: 'Edited' }).where(eq(banks.code, 'SCB'));
      await h.db.delete(sources).where(eq(sources.code, 'other'));
      const before = {
        banks: await h.count(banks),
        sources: await h.count(sources),
        settings: await h.count(settings),
        providers: await h.count(gameProviders),
      };
      const key = await readSetting(h.db, 'truelinkKey');
      await h.build();
      expect({
        banks: await h.count(banks),
        sources: await h.count(sources),
        settings: await h.count(settings),
        providers: await h.count(gameProviders),
      }).toEqual(before);
      const [scb] = await h.db.select().from(banks).where(eq(banks.code, 'SCB'));
      expect(scb?.nameEn).toBe('Edited');
      expect(await readSetting(h.db, 'truelinkKey')).toEqual(key);
    });
  });
});
