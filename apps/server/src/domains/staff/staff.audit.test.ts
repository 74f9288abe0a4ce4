import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AuditLog } from '../../core/audit/audit';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { staffSignIn } from '../../test/staff';
import { useHarness } from '../../test/use-harness';

type Entry = {
  id: number;
  staff: string | null;
  action: string;
  target: string | null;
  reason: string | null;
  ip: string;
  before: unknown;
  after: unknown;
};

describeOnDatabases('the audit log', (target) => {
  const h = useHarness(target);

  it('writes who did what to what, from where, with before and after', async () => {
    const { app } = h;
    const admin = await staffSignIn(app, 'admin', { ip: '198.51.100.23' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/backoffice/staff',
      remoteAddress: '198.51.100.23',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { username: 'ploy', name: 'Ploy', role: 'viewer' },
    });
    expect(created.statusCode).toBe(200);
    const list = await call(app, 'GET', '/api/backoffice/staff', { token: admin.token });
    const ploy = (list.body.staff as { id: number; username: string }[]).find(
      (row) => row.username === 'ploy',
    );
    await call(app, 'POST', `/api/backoffice/staff/${ploy?.id}/deactivate`, {
      token: admin.token,
      body: { reason: 'left the company' },
    });

    const page = await call(app, 'GET', '/api/backoffice/audit?target=staff:ploy', {
      token: admin.token,
    });
    const entries = page.body.entries as Entry[];
    expect(entries.map((entry) => entry.action)).toEqual(['staff.deactivate', 'staff.create']);
    expect(entries[1]).toMatchObject({
      staff: 'admin',
      ip: '198.51.100.23',
      after: { name: 'Ploy', role: 'viewer' },
    });
    expect(entries[0]).toMatchObject({
      reason: 'left the company',
      before: { active: true },
      after: { active: false },
    });
    // Newest first, and `before` pages on.
    const older = await call(
      app,
      'GET',
      `/api/backoffice/audit?target=staff:ploy&before=${entries[0]?.id}`,
      { token: admin.token },
    );
    expect((older.body.entries as Entry[]).map((entry) => entry.action)).toEqual(['staff.create']);
    // A failed sign-in is written too.
    await call(app, 'POST', '/api/backoffice/login', {
      body: { username: 'ploy', password: 'not it' },
    });
    const failed = await call(app, 'GET', '/api/backoffice/audit?action=login.password-refused', {
      token: admin.token,
    });
    expect((failed.body.entries as Entry[])[0]).toMatchObject({
      staff: null,
      target: 'staff:ploy',
    });
  });

  it('chains appends made at once from many requests and processes', async () => {
    const { app, db } = h;
    const other = await h.build();
    const before = await new AuditLog(db).verify();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : app).audit.append({
          actor: null,
          ip: '192.0.2.1',
          action: 'test.append',
          target: `n:${i}`,
        }),
      ),
    );
    const after = await new AuditLog(db).verify();
    expect(after).toMatchObject({ ok: true, brokenAt: null });
    expect(after.checked).toBe(before.checked + 20);
  });

  it('refuses to change or remove a row, and its chain shows an edit made behind that', async () => {
    const { app, db } = h;
    const admin = await staffSignIn(app, 'admin');
    await call(app, 'POST', '/api/backoffice/staff', {
      token: admin.token,
      body: { username: 'mali', name: 'Mali', role: 'support' },
    });
    const verified = await call(app, 'GET', '/api/backoffice/audit/verify', { token: admin.token });
    expect(verified.body).toMatchObject({ ok: true, brokenAt: null });
    expect(Number(verified.body.checked)).toBeGreaterThan(1);

    for (const statement of [
      sql`update audit_log set reason = 'nothing to see'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(String((error as { cause?: Error })?.cause?.message)).toMatch(/append-only/);
    }

    // Someone with the database's owner rights turns the trigger off and edits a row.
    const [row] = await db
      .select({ id: sql<number>`min(id)::int` })
      .from(sql`audit_log`)
      .where(sql`action = 'staff.create' and target = 'staff:mali'`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
      await tx.execute(
        sql`update audit_log set after = '{"name":"Mali","role":"admin"}' where id = ${row?.id}`,
      );
      await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
    });
    const broken = await call(app, 'GET', '/api/backoffice/audit/verify', { token: admin.token });
    expect(broken.body).toMatchObject({ ok: false, brokenAt: row?.id });
  });
});
