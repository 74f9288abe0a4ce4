import type { AddressLists } from '@wallet/contract/network-settings';
import { parseIpRule } from '../../config-values';
import type { AuditLog } from '../../core/audit/audit';
import { ipAllowListOf } from '../../core/settings/address-rules';
import { readSettings, writeSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { ChangedBy } from '../staff/staff-accounts';

/**
 * The allow-lists admins set (docs/backoffice.md, "Settings"). A change that would shut out the
 * address of the admin making it is refused: nobody locks the operator out of its own back
 * office by a typo. Every process applies it within a second (core/settings/address-rules.ts).
 */
export class AddressListSettings {
  constructor(private readonly deps: { db: Db; audit: AuditLog }) {}

  async lists(): Promise<AddressLists> {
    const saved = await readSettings(this.deps.db, ['ipAllowList', 'staffIpAllowList']);
    return { members: saved.ipAllowList, staff: saved.staffIpAllowList };
  }

  async change(lists: AddressLists, reason: string, by: ChangedBy): Promise<AddressLists> {
    for (const [field, rules] of Object.entries(lists)) {
      // The server's reading of a rule decides (the contract's pattern is a first sieve).
      const bad = rules.findIndex((rule) => parseIpRule(rule) === null);
      if (bad >= 0) throw new DomainError('KEY_INVALID', { field: `${field}.${bad}` });
      const check = ipAllowListOf(rules);
      if (check && !check(by.ip)) throw new DomainError('IP_ALLOW_LIST_SELF', { field });
    }
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      const saved = await readSettings(tx, ['ipAllowList', 'staffIpAllowList']);
      const before = { members: saved.ipAllowList, staff: saved.staffIpAllowList };
      await writeSetting(tx, 'ipAllowList', lists.members);
      await writeSetting(tx, 'staffIpAllowList', lists.staff);
      await audit.append(
        {
          ...by,
          action: 'settings.ip-allow-lists',
          target: 'settings:ip-allow-lists',
          reason,
          before,
          after: lists,
        },
        tx,
      );
      return lists;
    });
  }
}
