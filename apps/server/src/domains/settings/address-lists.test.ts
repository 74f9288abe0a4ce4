import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { staffSignIn } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

const ADMIN_AT = '192.0.2.80';
/** The lists are read at most once a second on each process. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

describeOnDatabases('allow-lists set in the back office', (target) => {
  const h = useHarness(target);

  it('shuts out the addresses a list leaves out within a second, never the admin who set it', async () => {
    const { app } = h;
    const { token } = await staffSignIn(app, 'admin', { ip: ADMIN_AT });
    // Signed in first: the sandbox's code is read from this machine's own address.
    const finance = await staffSignIn(app, 'finance', { ip: ADMIN_AT });
    const put = (body: object, remoteAddress = ADMIN_AT) =>
      call(app, 'PUT', '/api/backoffice/settings/ip-allow-lists', {
        token,
        remoteAddress,
        body: { reason: 'office networks only', ...body },
      });

    const shown = await call(app, 'GET', '/api/backoffice/settings/ip-allow-lists', {
      token,
      remoteAddress: ADMIN_AT,
    });
    expect(shown.body).toEqual({
      members: [],
      staff: [],
      fixed: { members: [], staff: [] },
      yourAddress: ADMIN_AT,
    });

    // A list without the admin's own address is refused, and nothing changes.
    const lockout = await put({ members: ['10.0.0.0/8'], staff: [] });
    expect([lockout.status, lockout.body.code, lockout.body.field]).toEqual([
      400,
      'IP_ALLOW_LIST_SELF',
      'members',
    ]);
    const typo = await put({ members: ['192.0.2.0/33'], staff: [] });
    expect([typo.status, typo.body.code]).toEqual([400, 'KEY_INVALID']);
    for (const rule of ['1:2', ':', 'abc::def::1']) {
      const odd = await put({ members: [rule], staff: [] });
      expect([odd.status, odd.body.code], rule).toEqual([400, 'KEY_INVALID']);
    }

    const set = await put({
      members: ['192.0.2.0/24', '2001:db8::/32'],
      staff: [`${ADMIN_AT}/32`],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await settle();

    const info = (remoteAddress: string) => call(app, 'GET', '/api/lookup/info', { remoteAddress });
    expect((await info('198.51.100.9')).body.code).toBe('INVALID_IP');
    expect((await info('192.0.2.200')).status).toBe(200);
    expect((await info('2001:db8::5')).status).toBe(200);
    // The staff list guards the back office only: a member's address in the members' list
    // still reads the app, but not the back office.
    const me = (remoteAddress: string) =>
      call(app, 'GET', '/api/backoffice/me', { token, remoteAddress });
    expect((await me('192.0.2.81')).body.code).toBe('INVALID_IP');
    expect((await me(ADMIN_AT)).status).toBe(200);

    const audit = await call(app, 'GET', '/api/backoffice/audit?action=settings.ip-allow-lists', {
      token,
      remoteAddress: ADMIN_AT,
    });
    expect((audit.body.entries as { before: unknown; after: unknown }[])[0]).toMatchObject({
      before: { members: [], staff: [] },
      after: { members: ['192.0.2.0/24', '2001:db8::/32'], staff: [`${ADMIN_AT}/32`] },
    });

    // Finance reads the lists but may not change them.
    const refused = await call(app, 'PUT', '/api/backoffice/settings/ip-allow-lists', {
      token: finance.token,
      remoteAddress: ADMIN_AT,
      body: { members: [], staff: [], reason: 'open it all' },
    });
    expect(refused.status).toBe(403);

    expect((await put({ members: [], staff: [] })).status).toBe(200);
    await settle();
    expect((await info('198.51.100.9')).status).toBe(200);
  });
});
