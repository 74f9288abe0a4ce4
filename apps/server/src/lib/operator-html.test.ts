import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/databases';
import { call, type Harness, startHarness } from '../test/harness';
import { memberWithToken } from '../test/members';

/**
 * Issue 30: operator HTML is cleaned where it is read and served, not only where the seed writes
 * it: a row the back office (or anyone with the database) writes is served clean too.
 */
describeOnDatabases('operator HTML as served', (target) => {
  let h: Harness;
  const hostile =
    '<p>ok</p><img src="https://x.example/a.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>';
  // Stored texts are in each language (docs/decisions/0064); a banner's may be from before.
  const each = JSON.stringify({ th: hostile, la: hostile, en: hostile });
  const banner = JSON.stringify([{ image: 'https://x.example/b.png', html: hostile }]);
  beforeAll(async () => {
    h = await startHarness(target);
    // Written straight to the database, past every writer's cleaning.
    await h.db.execute(
      sql`update settings set value = jsonb_set(value, '{html}', to_jsonb(${hostile}::text))
          where key in ('conditions', 'agreements')`,
    );
    await h.db.execute(
      sql`update settings set value = jsonb_set(value, '{banners}', ${banner}::jsonb)
          where key in ('invite', 'refund')`,
    );
    await h.db.execute(
      sql`update settings set value = jsonb_set(value, '{info}', to_jsonb(${hostile}::text))
          where key = 'refund'`,
    );
    await h.db.execute(
      sql`update bonuses set description = ${each}::jsonb, banners = ${banner}::jsonb`,
    );
    await h.db.execute(sql`update spin_slices set html_description = ${each}::jsonb`);
  });
  afterAll(async () => {
    await h?.close();
  });

  function expectClean(body: unknown) {
    const text = JSON.stringify(body);
    expect(text).toContain('<p>ok</p>');
    for (const bad of ['onerror', '<script', 'javascript:', '<iframe', 'alert(']) {
      expect(text).not.toContain(bad);
    }
  }

  it('serves the conditions and the agreements cleaned', async () => {
    const app = await h.build();
    for (const url of ['/api/lookup/conditions', '/api/lookup/agreements']) {
      const res = await call(app, 'GET', url);
      expect(res.status).toBe(200);
      expectClean(res.body);
    }
  });

  it('serves the invite and refund banners and the refund info cleaned', async () => {
    const app = await h.build();
    const m = await memberWithToken(app);
    for (const url of ['/api/invite/banners', '/api/refund/banners', '/api/refund/check']) {
      const res = await call(app, 'GET', url, { token: m.token });
      expect(res.status, url).toBe(200);
      expectClean(res.body);
    }
  });

  it('serves bonus and promotion texts and banners cleaned', async () => {
    const app = await h.build();
    const m = await memberWithToken(app);
    const list = await call(app, 'GET', '/api/bonus', { token: m.token });
    expect(list.status).toBe(200);
    expectClean(list.body);
    const promotion = await call(app, 'GET', '/api/promotion/find/NEWYEAR2027', {
      token: m.token,
    });
    expect(promotion.body).toHaveProperty('description');
    expectClean(promotion.body);
  });

  it("serves the wheel's slice descriptions cleaned", async () => {
    const app = await h.build();
    const m = await memberWithToken(app);
    const res = await call(app, 'GET', '/api/spinwheel/setup', { token: m.token });
    expect(res.status).toBe(200);
    expectClean(res.body);
  });
});
