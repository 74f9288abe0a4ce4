import type { TransactionStatus } from '@wallet/contract/statement';

/** The badge colour of a statement entry's or a slip's status (the spec's states). */
export const statusColor: Record<TransactionStatus, string> = {
  processing: 'yellow',
  success: 'teal',
  failed: 'red',
};
