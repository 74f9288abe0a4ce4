/**
 * The payout bank that sends a withdrawal to the member's bank account. A real adapter
 * submits the payout and later reports its outcome (a callback or a poll); the outcome is
 * applied through WithdrawalService.settle, exactly once.
 */
export interface PayoutProvider {
  /**
   * `amount` in minor units of `currency`, the member's wallet's and so the bank account's.
   * May be called again with the same `ref` (the outbox's sweep after a crash or an error): a
   * real adapter sends one payout per `ref`.
   */
  submit(payout: {
    ref: string;
    memberId: number;
    amount: number;
    currency: string;
    bankCode: string;
    accountNo: string;
  }): Promise<void>;
}

/**
 * Payouts sent by hand: the bank is told nothing here and the outcome is reported later. In the
 * sandbox it comes from `POST /api/sandbox/withdrawals/settle` (the API contract); without the
 * sandbox, until a payout bank is integrated, the withdrawal stays processing for the operator.
 */
export class ManualPayoutProvider implements PayoutProvider {
  async submit(): Promise<void> {}
}
