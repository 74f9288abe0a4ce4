import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { readSetting, writeSetting } from '../../core/settings/settings.repository';
import { slips } from '../../db/schema';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken } from '../../test/members';
import { blankPng, useSlipSuite } from '../../test/slip-suite';
import { ownTransfer, sandboxSlip, settledSlip, uploadSlip } from '../../test/slips';

/** Every file under `dir`, however deep. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

// What a slip upload is refused for, and its limits (verification is in slip.test.ts).
describeOnDatabases('deposit slips', (target) => {
  const suite = useSlipSuite(target);

  describe('refuses a bad upload, keeping no row and no file', () => {
    const png = blankPng();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    it.each([
      ['text named slip.png', Buffer.from('not a picture at all'), 'SLIP_INVALID_FILE'],
      ['a GIF named slip.png', gif, 'SLIP_INVALID_FILE'],
      ['an empty file', Buffer.alloc(0), 'SLIP_INVALID_FILE'],
      [
        'a file above the size limit',
        Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
        'SLIP_INVALID_FILE',
      ],
      ['no file', null, 'SLIP_NO_FILE'],
    ])('%s', async (_case, file, code) => {
      const { h, app, uploads } = suite;
      const m = await memberWithToken(app);
      const [rows, files] = [await h.count(slips), await filesUnder(uploads)];
      const res = await uploadSlip(app, m.token, file);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(await h.count(slips)).toBe(rows);
      expect(await filesUnder(uploads)).toEqual(files);
    });

    it('a stated amount that is not money', async () => {
      const { h, app } = suite;
      const m = await memberWithToken(app);
      const rows = await h.count(slips);
      const res = await uploadSlip(app, m.token, png, { fields: { amount: 'ten' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'amount' });
      expect(await h.count(slips)).toBe(rows);
    });

    it('a body that is not a form at all', async () => {
      const { app } = suite;
      const m = await memberWithToken(app);
      const res = await call(app, 'POST', '/api/wallet/slip', {
        token: m.token,
        body: { document: 'slip.png' },
      });
      expect(res.body.code).toBe('SLIP_NO_FILE');
    });

    it('a form cut short, or with two files', async () => {
      const { h, app } = suite;
      const m = await memberWithToken(app);
      const rows = await h.count(slips);
      const cut = await app.inject({
        method: 'POST',
        url: '/api/wallet/slip',
        headers: {
          authorization: `Bearer ${m.token}`,
          'content-type': 'multipart/form-data; boundary=XYZ',
        },
        payload:
          '--XYZ\r\nContent-Disposition: form-data; name="document"; filename="slip.png"\r\n\r\nabc',
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().code).toBe('KEY_INVALID');
      const two = new FormData();
      for (const name of ['a.png', 'b.png']) two.append('document', new Blob([png]), name);
      const twice = await call(app, 'POST', '/api/wallet/slip', { token: m.token, body: two });
      expect(twice.status).toBe(413);
      expect(await h.count(slips)).toBe(rows);
    });

    it('without a signed-in member', async () => {
      const { app } = suite;
      expect((await uploadSlip(app, '', png)).status).toBe(401);
    });
  });

  it('takes no slip while the operator has closed the slip service', async () => {
    const { h, app } = suite;
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 60));
    const open = await readSetting(h.db, 'slip');
    await writeSetting(h.db, 'slip', { ...open, isActive: false });
    try {
      const rows = await h.count(slips);
      const res = await uploadSlip(app, m.token, image);
      expect(res.body.code).toBe('SLIP_UPLOAD_FAIL');
      expect(await h.count(slips)).toBe(rows);
    } finally {
      await writeSetting(h.db, 'slip', open);
    }
  });

  it('answers a repeat with the same key with the same slip, and no second row', async () => {
    const { h, app, cash } = suite;
    const m = await memberWithToken(app);
    const { image } = await sandboxSlip(app, ownTransfer(m, 80));
    const key = randomUUID();
    const first = await uploadSlip(app, m.token, image, { key });
    const rows = await h.count(slips);
    const again = await uploadSlip(app, m.token, image, { key });
    expect(again.status).toBe(200);
    expect((again.body.slip as { _id: string })._id).toBe((first.body.slip as { _id: string })._id);
    expect(await h.count(slips)).toBe(rows);
    const other = await uploadSlip(app, m.token, blankPng(), { key });
    expect(other.status).toBe(422);
    await settledSlip(app, m.token, (first.body.slip as { _id: string })._id);
    expect(await cash(m)).toBe(8_000);
  });

  it('stops a member past SLIP_ATTEMPTS_PER_HOUR with REQUEST_LIMIT, keeping nothing', async () => {
    const { h } = suite;
    const limited = await h.build({ SLIP_ATTEMPTS_PER_HOUR: '3' });
    const m = await memberWithToken(limited);
    const bad = Buffer.from('not a picture');
    for (let i = 0; i < 3; i++) {
      expect((await uploadSlip(limited, m.token, bad)).body.code).toBe('SLIP_INVALID_FILE');
    }
    const rows = await h.count(slips);
    const { image } = await sandboxSlip(limited, ownTransfer(m, 50));
    const refused = await uploadSlip(limited, m.token, image);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('REQUEST_LIMIT');
    expect(await h.count(slips)).toBe(rows);
  });

  it('refuses a 25-megapixel picture of a few kilobytes from its header at once, keeping and crediting nothing', async () => {
    const { h, app, uploads, cash } = suite;
    const m = await memberWithToken(app);
    const bomb = PNG.sync.write(new PNG({ width: 5000, height: 5000 }), { deflateLevel: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const [rows, files] = [await h.count(slips), await filesUnder(uploads)];
    const started = Date.now();
    const res = await uploadSlip(app, m.token, bomb);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SLIP_INVALID_FILE');
    expect(await h.count(slips)).toBe(rows);
    expect(await filesUnder(uploads)).toEqual(files);
    expect(await cash(m)).toBe(0);
  });

  it('stops an address past SLIP_ATTEMPTS_PER_HOUR_PER_IP with REQUEST_LIMIT, whichever member signs in', async () => {
    const { h } = suite;
    const limited = await h.build({
      SLIP_ATTEMPTS_PER_HOUR_PER_IP: '2',
      TRUST_PROXY: '1',
    });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const [first, second] = [await memberWithToken(limited), await memberWithToken(limited)];
    const bad = Buffer.from('not a picture');
    expect((await uploadSlip(limited, first.token, bad, from('198.51.100.7'))).status).toBe(400);
    expect((await uploadSlip(limited, second.token, bad, from('198.51.100.7'))).status).toBe(400);
    const rows = await h.count(slips);
    const { image } = await sandboxSlip(limited, ownTransfer(second, 50));
    const refused = await uploadSlip(limited, second.token, image, from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('REQUEST_LIMIT');
    expect(await h.count(slips)).toBe(rows);
    // Another address is counted on its own.
    const elsewhere = await uploadSlip(limited, second.token, image, from('198.51.100.8'));
    expect(elsewhere.status).toBe(200);
  });
});
