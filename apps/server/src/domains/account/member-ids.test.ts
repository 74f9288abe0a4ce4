import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { rows } from '../../db/statement';
import { describeOnDatabases } from '../../test/databases';
import { call } from '../../test/harness';
import { memberWithToken, newAccountNo, newPhone, registerMember } from '../../test/members';
import { memberIdOf } from '../../test/money';
import { useHarness } from '../../test/use-harness';

/** Issue 30: the member id behind `_id` and the invite code (PR + id) is not the next number. */
describeOnDatabases('member ids', (target) => {
  const h = useHarness(target);

  describe('a new member', () => {
    it('gets a random 9- or 10-digit id, not the one after the last member', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const member = await registerMember(h.app);
        ids.push(await memberIdOf(h.db, member.username));
      }
      for (const id of ids) {
        expect(id).toBeGreaterThanOrEqual(100_000_000);
        expect(id).toBeLessThanOrEqual(2_147_483_647);
      }
      expect(new Set(ids).size).toBe(ids.length);
      const steps = ids.slice(1).map((id, i) => id - (ids[i] ?? 0));
      expect(steps.some((step) => Math.abs(step) > 1_000)).toBe(true);
    });

    it('shows that id as `_id` and in the invite code', async () => {
      const member = await memberWithToken(h.app);
      const id = await memberIdOf(h.db, member.username);
      const res = await call(h.app, 'GET', '/api/account/profile', { token: member.token });
      expect(res.body.profile).toMatchObject({ _id: id, inviteCode: `PR${id}` });
    });

    it('cannot be made without an id: the column has no sequence behind it any more', async () => {
      const [column] = await rows<{ column_default: string | null }>(
        h.db,
        sql`select column_default from information_schema.columns
            where table_name = 'members' and column_name = 'id'`,
      );
      expect(column).toEqual({ column_default: null });
    });
  });

  describe('invite codes', () => {
    it('of a member from before the change (a small serial id) still work', async () => {
      const [old] = await h.db
        .insert(members)
        .values({
          id: 42,
          username: newPhone(),
          name: 'Early Member',
          passwordHash: 'x',
          bankCode: 'SCB',
          bankAccountName: 'EARLY MEMBER',
          bankAccountNo: newAccountNo(),
        })
        .returning({ id: members.id });
      const friend = await registerMember(h.app, { inviteCode: `PR${old?.id}` });
      const [row] = await h.db
        .select({ inviterId: members.inviterId })
        .from(members)
        .where(sql`${members.username} = ${friend.username}`);
      expect(row?.inviterId).toBe(42);
    });

    it('past the id column refuse as no member (KEY_INVALID), not as a fault', async () => {
      for (const inviteCode of ['PR2147483648', 'PR999999999999', 'PR0']) {
        const res = await call(h.app, 'POST', '/api/account/validate', {
          body: {
            name: 'Somchai',
            username: newPhone(),
            password: 'correct horse 42',
            inviteCode,
          },
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'KEY_INVALID', field: 'inviteCode' });
      }
    });
  });
});
