import { type StaffAction, type StaffRole, staffMay } from '@wallet/contract/staff';
import { backofficePaths } from './paths';

/**
 * The back office's sections in the navbar's order, each with the action of the contract's role
 * table (`staffPermissions`) that opens it; `null` is for every signed-in staff member. The server
 * refuses the calls of a section the role may not use all the same: this only keeps out of sight
 * what would answer 403.
 */
export const sections = [
  // First: every role reads it, so it is where signing in lands (homeFor).
  { key: 'dashboard', path: backofficePaths.dashboard, action: 'dashboard.read' },
  { key: 'members', path: backofficePaths.members, action: 'members.read' },
  { key: 'adjustments', path: backofficePaths.adjustments, action: 'adjustments.request' },
  // The server lists kept transfers and undecided slips to whoever may ask for a credit.
  { key: 'bankTransfers', path: backofficePaths.bankTransfers, action: 'adjustments.request' },
  { key: 'slips', path: backofficePaths.slips, action: 'adjustments.request' },
  { key: 'withdrawals', path: backofficePaths.withdrawals, action: 'withdrawals.read' },
  { key: 'heldTransfers', path: backofficePaths.heldTransfers, action: 'transfers.read' },
  { key: 'chat', path: backofficePaths.chat, action: 'chat.read' },
  { key: 'reports', path: backofficePaths.reports, action: 'reports.read' },
  { key: 'promotions', path: backofficePaths.promotions, action: 'promotions.read' },
  // Finance reads the switches it may not change, and changes the amount rules.
  { key: 'settings', path: backofficePaths.settings, action: 'settings.read' },
  // Finance reads what members read; an admin publishes it (settings.content).
  { key: 'content', path: backofficePaths.content, action: 'settings.read' },
  { key: 'staff', path: backofficePaths.staff, action: 'staff.manage' },
  { key: 'audit', path: backofficePaths.audit, action: 'audit.read' },
  { key: 'sessions', path: backofficePaths.sessions, action: null },
] as const satisfies readonly { key: string; path: string; action: StaffAction | null }[];

export type Section = (typeof sections)[number];
export type SectionKey = Section['key'];

export function sectionAllowed(role: StaffRole, key: SectionKey): boolean {
  const action = sections.find((section) => section.key === key)?.action;
  return action === null || (action !== undefined && staffMay(role, action));
}

/** The sections a role may open, in the navbar's order. */
export function sectionsFor(role: StaffRole): Section[] {
  return sections.filter((section) => sectionAllowed(role, section.key));
}

/** Where staff lands after signing in, or on /backoffice: the role's first section. */
export function homeFor(role: StaffRole): string {
  return sectionsFor(role)[0]?.path ?? backofficePaths.sessions;
}
