import { BlockList } from 'node:net';
import { parseIpRule } from '../../config-values';
import type { Db } from '../../db/client';
import { ExpiringValue } from '../../lib/expiring-value';
import { readSettings } from './settings.repository';

type Check = ((ip: string) => boolean) | null;
type Checks = { members: Check; staff: Check };

/**
 * Which addresses may reach the service (docs/backoffice.md, "Settings"): the deploy's fixed
 * lists (IP_ALLOW_LIST, STAFF_IP_ALLOW_LIST) and the lists admins set in the back office
 * (`ipAllowList`, `staffIpAllowList`), each empty list allowing every address. An address must
 * pass every list that applies: the members' lists for everything, the staff lists as well for
 * the back office. The settings are read at most once a second per process.
 */
export class AddressRules {
  private readonly fixed: Checks;
  private readonly saved: ExpiringValue<Checks>;

  constructor(db: Db, fixed: { members: string[]; staff: string[] }, ttlMs = 1000) {
    this.fixed = { members: ipAllowListOf(fixed.members), staff: ipAllowListOf(fixed.staff) };
    this.saved = new ExpiringValue(async () => {
      const lists = await readSettings(db, ['ipAllowList', 'staffIpAllowList']);
      return {
        members: ipAllowListOf(lists.ipAllowList),
        staff: ipAllowListOf(lists.staffIpAllowList),
      };
    }, ttlMs);
  }

  /** Whether `ip` may reach the members' side (`staff` false) or the back office. */
  async allows(ip: string, staff: boolean): Promise<boolean> {
    const saved = await this.saved.get();
    const checks = staff
      ? [this.fixed.members, this.fixed.staff, saved.members, saved.staff]
      : [this.fixed.members, saved.members];
    return checks.every((check) => check === null || check(ip));
  }
}

/** An allow-list as a test of one address; null when the list is empty (all allowed). */
export function ipAllowListOf(rules: readonly string[]): ((ip: string) => boolean) | null {
  const list = blockListOf(rules);
  return list ? (ip) => isAllowed(list, ip) : null;
}

function blockListOf(rules: readonly string[]): BlockList | null {
  if (rules.length === 0) return null;
  const list = new BlockList();
  for (const rule of rules) {
    const parsed = parseIpRule(rule);
    if (!parsed) throw new Error(`IP_ALLOW_LIST: "${rule}" is not an IP address or CIDR range`);
    if (parsed.prefix === undefined) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

function isAllowed(list: BlockList, ip: string): boolean {
  // Dual-stack sockets report IPv4 clients as ::ffff:a.b.c.d; match them as IPv4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return list.check(mapped[1], 'ipv4');
  return list.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4');
}
