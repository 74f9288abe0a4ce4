import type { ConversationParty } from '@wallet/contract/backoffice';

/**
 * Query keys in one place (STYLE.md habit 5): features build keys through these helpers and
 * mutations invalidate by the same helpers, never by hand-written arrays.
 */
export const queryKeys = {
  lookup: {
    all: ['lookup'] as const,
    info: () => [...queryKeys.lookup.all, 'info'] as const,
    contact: () => [...queryKeys.lookup.all, 'contact'] as const,
    conditions: () => [...queryKeys.lookup.all, 'conditions'] as const,
    agreements: () => [...queryKeys.lookup.all, 'agreements'] as const,
    howto: () => [...queryKeys.lookup.all, 'howto'] as const,
    banks: () => [...queryKeys.lookup.all, 'banks'] as const,
    sources: () => [...queryKeys.lookup.all, 'sources'] as const,
    registerOtp: () => [...queryKeys.lookup.all, 'registerOTP'] as const,
    withdraw: () => [...queryKeys.lookup.all, 'withdraw'] as const,
    deposit: () => [...queryKeys.lookup.all, 'deposit'] as const,
    truelinkKey: () => [...queryKeys.lookup.all, 'truelink-key'] as const,
    slip: () => [...queryKeys.lookup.all, 'slip'] as const,
    notice: () => [...queryKeys.lookup.all, 'notice'] as const,
    chatWidget: () => [...queryKeys.lookup.all, 'enableChatWidget'] as const,
  },
  wallet: {
    all: ['wallet'] as const,
    summary: () => [...queryKeys.wallet.all, 'summary'] as const,
    /** Under `wallet`, so a money move that refreshes the wallet refreshes these too. */
    gameAccount: (game: string) => [...queryKeys.wallet.all, 'account', game] as const,
  },
  statement: {
    all: ['statement'] as const,
    page: (page: number, limit: number) => [...queryKeys.statement.all, page, limit] as const,
    /** Under `statement`, so a money move that refreshes the statement refreshes the slips. */
    slips: (page: number, limit: number) =>
      [...queryKeys.statement.all, 'slips', page, limit] as const,
  },
  qrcode: {
    all: ['qrcode'] as const,
    provider: (provider: string) => [...queryKeys.qrcode.all, provider] as const,
  },
  spin: {
    all: ['spin'] as const,
    active: () => [...queryKeys.spin.all, 'active'] as const,
    setup: () => [...queryKeys.spin.all, 'setup'] as const,
    coupons: () => [...queryKeys.spin.all, 'coupons'] as const,
  },
  bonus: {
    all: ['bonus'] as const,
    list: () => [...queryKeys.bonus.all, 'list'] as const,
    /** Under `bonus`, so what refreshes the bonus list refreshes the running promotion too. */
  },
  invite: {
    all: ['invite'] as const,
    list: (page: number, limit: number) => [...queryKeys.invite.all, 'list', page, limit] as const,
  },
  refund: {
    all: ['refund'] as const,
    check: () => [...queryKeys.refund.all, 'check'] as const,
    list: (page: number, limit: number) => [...queryKeys.refund.all, 'list', page, limit] as const,
  },
  chat: {
    all: ['chat'] as const,
    config: () => [...queryKeys.chat.all, 'config'] as const,
  },
  account: {
    all: ['account'] as const,
    profile: () => [...queryKeys.account.all, 'profile'] as const,
  },
  /** The back office's data, dropped as a whole when staff signs out. */
  backoffice: {
    all: ['backoffice'] as const,
    me: () => [...queryKeys.backoffice.all, 'me'] as const,
    /** Every party's list when `party` is left out (to update or read them all again). */
    conversations: (party?: ConversationParty) =>
      party === undefined
        ? ([...queryKeys.backoffice.all, 'conversations'] as const)
        : ([...queryKeys.backoffice.all, 'conversations', party] as const),
    history: (conversationId: number) =>
      [...queryKeys.backoffice.all, 'history', conversationId] as const,
    /** Every search when `q` is left out (a member's status changed); a search's pages under it. */
    members: (q?: string, page?: object) =>
      q === undefined
        ? ([...queryKeys.backoffice.all, 'members'] as const)
        : ([...queryKeys.backoffice.all, 'members', q, page] as const),
    /** Under `members` (a number, where a search is a string): a status change refreshes both. */
    member: (id: number) => [...queryKeys.backoffice.members(), id] as const,
    /** Under the member: what refreshes the member's page refreshes their records too. */
    memberActivity: (id: number) => [...queryKeys.backoffice.member(id), 'activity'] as const,
    /** Every list when `status` is left out; a state's pages under it. */
    adjustments: (status?: string, page?: object) =>
      status === undefined
        ? ([...queryKeys.backoffice.all, 'adjustments'] as const)
        : ([...queryKeys.backoffice.all, 'adjustments', status, page] as const),
    /** Under `adjustments`, so a decision refreshes the member's list too. */
    memberAdjustments: (memberId: number, page?: object) =>
      [...queryKeys.backoffice.adjustments(), 'member', memberId, page] as const,
    dashboard: () => [...queryKeys.backoffice.all, 'dashboard'] as const,
    bankTransfers: () => [...queryKeys.backoffice.all, 'bank-transfers'] as const,
    slips: () => [...queryKeys.backoffice.all, 'slips'] as const,
    heldTransfers: () => [...queryKeys.backoffice.all, 'held-transfers'] as const,
    withdrawals: (status?: string, page?: object) =>
      status === undefined
        ? ([...queryKeys.backoffice.all, 'withdrawals'] as const)
        : ([...queryKeys.backoffice.all, 'withdrawals', status, page] as const),
    staff: () => [...queryKeys.backoffice.all, 'staff'] as const,
    /** Every filter's pages when `filter` is left out. */
    audit: (filter?: Record<string, string>) =>
      filter === undefined
        ? ([...queryKeys.backoffice.all, 'audit'] as const)
        : ([...queryKeys.backoffice.all, 'audit', filter] as const),
    sessions: () => [...queryKeys.backoffice.all, 'sessions'] as const,
    switches: () => [...queryKeys.backoffice.all, 'settings', 'switches'] as const,
    limits: () => [...queryKeys.backoffice.all, 'settings', 'limits'] as const,
    /** Issue 33: the accounts members pay into, the game providers, the QR callback secrets. */
    depositAccounts: () => [...queryKeys.backoffice.all, 'settings', 'deposit-accounts'] as const,
    truemoneyAccounts: () =>
      [...queryKeys.backoffice.all, 'settings', 'truemoney-accounts'] as const,
    gameProviders: () => [...queryKeys.backoffice.all, 'settings', 'game-providers'] as const,
    qrSecrets: () => [...queryKeys.backoffice.all, 'settings', 'qr-secrets'] as const,
    /** What members read that the operator writes: every part in one answer. */
    content: () => [...queryKeys.backoffice.all, 'settings', 'content'] as const,
    addressLists: () => [...queryKeys.backoffice.all, 'settings', 'ip-allow-lists'] as const,
    /** One report (currency, period, range); every report when `query` is left out. */
    reports: (query?: object) =>
      query === undefined
        ? ([...queryKeys.backoffice.all, 'reports'] as const)
        : ([...queryKeys.backoffice.all, 'reports', query] as const),
    reconciliation: () => [...queryKeys.backoffice.all, 'reconciliation'] as const,
    /** One part of the promotions' settings; every part when `part` is left out. */
    promotions: (part?: 'bonuses' | 'wheel' | 'invite' | 'refund') =>
      part === undefined
        ? ([...queryKeys.backoffice.all, 'promotions'] as const)
        : ([...queryKeys.backoffice.all, 'promotions', part] as const),
  },
} as const;
