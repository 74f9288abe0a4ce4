import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call, type Harness, startHarness } from '../../test/harness';

/** Issue 34: what a process manager and a load balancer ask of each process. */
describeOnDatabases('health and readiness', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers alive and ready while the database and the job engine answer', async () => {
    for (const url of ['/health', '/api/health', '/ready']) {
      const res = await call(h.app, 'GET', url);
      expect(res.status, url).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
  });

  it('answers ready even with the service closed or from an address outside the allow-list', async () => {
    const fenced = await h.build({ IP_ALLOW_LIST: '10.9.9.0/24' });
    const res = await call(fenced, 'GET', '/ready', { remoteAddress: '203.0.113.9' });
    expect(res.status).toBe(200);
    expect((await call(fenced, 'GET', '/api/wallet/balance')).status).toBe(403);
  });

  it('is not ready, with the error envelope, once its database does not answer, and still alive', async () => {
    const own = await target.create();
    const app = await h.build({}, { database: own.database });
    expect((await call(app, 'GET', '/ready')).status).toBe(200);
    await own.drop();
    const ready = await call(app, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await call(app, 'GET', '/health')).status).toBe(200);
  });
});
