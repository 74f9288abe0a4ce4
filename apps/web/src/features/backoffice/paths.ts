/**
 * The back office's addresses, all under /backoffice: the server sends its own page
 * (backoffice.html) for these and the member app's page everywhere else.
 */
export const backofficePaths = {
  home: '/backoffice',
  login: '/backoffice/login',
  dashboard: '/backoffice/dashboard',
  members: '/backoffice/members',
  /** One member's page (memberPath), opened from the search or any row naming the member. */
  member: '/backoffice/members/:id',
  adjustments: '/backoffice/adjustments',
  bankTransfers: '/backoffice/bank-transfers',
  slips: '/backoffice/slips',
  withdrawals: '/backoffice/withdrawals',
  heldTransfers: '/backoffice/held-transfers',
  chat: '/backoffice/chat',
  reports: '/backoffice/reports',
  promotions: '/backoffice/promotions',
  settings: '/backoffice/settings',
  content: '/backoffice/content',
  staff: '/backoffice/staff',
  audit: '/backoffice/audit',
  sessions: '/backoffice/sessions',
} as const;

export const memberPath = (id: number) => `${backofficePaths.members}/${id}`;
