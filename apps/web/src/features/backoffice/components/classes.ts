/**
 * The class names of backoffice.css, which the back office's own stylesheet carries
 * (src/backoffice/backoffice.css): a CSS module would land in the member app's one stylesheet
 * (vite.config.ts, cssCodeSplit: false), so the back office's rules are plain, prefixed `bo-`.
 */
export const classes = {
  backButton: 'bo-back-button',
  bubble: 'bo-bubble',
  bubbleRow: 'bo-bubble-row',
  card: 'bo-card',
  cardImage: 'bo-card-image',
  cards: 'bo-cards',
  columns: 'bo-columns',
  composer: 'bo-composer',
  header: 'bo-header',
  headerTitle: 'bo-header-title',
  inlineList: 'bo-inline-list',
  list: 'bo-list',
  listColumn: 'bo-list-column',
  listTools: 'bo-list-tools',
  login: 'bo-login',
  loginCard: 'bo-login-card',
  loginTop: 'bo-login-top',
  media: 'bo-media',
  page: 'bo-page',
  phone: 'bo-phone',
  phoneHidden: 'bo-phone-hidden',
  phoneScreen: 'bo-phone-screen',
  preview: 'bo-preview',
  previewed: 'bo-previewed',
  qr: 'bo-qr',
  recoveryCodes: 'bo-recovery-codes',
  row: 'bo-row',
  rowText: 'bo-row-text',
  secret: 'bo-secret',
  statLink: 'bo-stat-link',
  viewColumn: 'bo-view-column',
  viewHeader: 'bo-view-header',
} as const;
