/**
 * The database, one file per domain. Drizzle's relational queries know the tables in `schema`;
 * the staff and chat tables are queried with the query builder only.
 */
import {
  bankTransfers,
  depositAccounts,
  giftLinks,
  qrCallbacks,
  qrCodes,
  slips,
  truemoneyAccounts,
} from './deposits';
import { gameAccounts, gameProviders, gameRounds } from './games';
import {
  idempotencyKeys,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  outsideCredits,
} from './ledger';
import { banks, members, otpRequests, sessions, sources } from './members';
import {
  bonuses,
  coupons,
  depositRewards,
  inviteCollections,
  memberBonuses,
  refundClaims,
  spinSlices,
  spins,
  spinwheels,
} from './promotions';
import {
  sandboxFaults,
  sandboxGameAccounts,
  sandboxGameRounds,
  sandboxGameSessions,
  sandboxGameTransfers,
  sandboxGiftLinks,
  sandboxSlipTransfers,
} from './sandbox';
import { settings } from './settings';

export * from './chat';
export * from './deposits';
export * from './desk';
export * from './games';
export * from './ledger';
export * from './members';
export * from './promotions';
export * from './reports';
export * from './sandbox';
export * from './settings';
export * from './staff';

export const schema = {
  banks,
  sources,
  members,
  sessions,
  otpRequests,
  settings,
  gameProviders,
  ledgerAccounts,
  ledgerTransactions,
  ledgerEntries,
  idempotencyKeys,
  outsideCredits,
  depositAccounts,
  truemoneyAccounts,
  bankTransfers,
  giftLinks,
  qrCodes,
  qrCallbacks,
  slips,
  spinwheels,
  spinSlices,
  spins,
  coupons,
  depositRewards,
  bonuses,
  memberBonuses,
  gameRounds,
  refundClaims,
  inviteCollections,
  sandboxGiftLinks,
  sandboxSlipTransfers,
  gameAccounts,
  sandboxGameAccounts,
  sandboxGameTransfers,
  sandboxGameRounds,
  sandboxGameSessions,
  sandboxFaults,
};
export type Schema = typeof schema;
