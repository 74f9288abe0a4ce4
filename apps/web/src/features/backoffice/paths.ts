/**
 * The back office's addresses, all under /backoffice: the server sends its own page
 * (backoffice.html) for these and the member app's page everywhere else.
 */
export const backofficePaths = {
  home: '/backoffice',
  login: '/backoffice/login',
  members: '/backoffice/members',
  adjustments: '/backoffice/adjustments',
  withdrawals: '/backoffice/withdrawals',
  chat: '/backoffice/chat',
  staff: '/backoffice/staff',
  audit: '/backoffice/audit',
  sessions: '/backoffice/sessions',
} as const;
