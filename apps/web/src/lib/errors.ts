import { isApiError } from './api-error';
import { i18n } from './i18n';

/**
 * The limits' refusals (decision 0053): with the server's `Retry-After` they say the real wait
 * (a sign-in lock lasts up to 15 minutes), without it the catalogue's text ("about 1 minute").
 */
const waitCodes = new Set(['REQUEST_LIMIT', 'REQUEST_LIMIT_1MIN']);

/** Whole minutes rounded up, or seconds under a minute; i18next picks the plural form. */
function waitText(seconds: number): string {
  return seconds < 60
    ? i18n.t('clientErrors.waitSeconds', { count: seconds })
    : i18n.t('clientErrors.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/**
 * The one place that turns a failure into words (STYLE.md habit 4). A catalogue code reads
 * `errors.<CODE>` (every locale translates every code: locales.test.ts); a client-side failure
 * reads `clientErrors.<CODE>`; anything else shows the server's message as is (the spec 8).
 * It looks codes up in the translations rather than in the contract's catalogue module, which
 * would pull the schema library into the /login bundle.
 */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    const wait = error.retryAfterSeconds;
    if (wait !== undefined && waitCodes.has(error.code)) return waitText(wait);
    for (const key of [`errors.${error.code}`, `clientErrors.${error.code}`]) {
      if (i18n.exists(key)) return i18n.t(key);
    }
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('clientErrors.UNKNOWN');
}

/**
 * A form rule's message is a catalogue code or an i18n key with a dot (docs/architecture.md).
 * KEY_MISSING / KEY_INVALID read better beside a field as "required" / "invalid".
 */
export function fieldErrorText(
  message: string | undefined,
  values?: Record<string, unknown>,
): string | undefined {
  if (!message) return undefined;
  if (message === 'KEY_MISSING') return i18n.t('validation.required');
  if (message === 'KEY_INVALID') return i18n.t('validation.invalid');
  if (i18n.exists(`errors.${message}`)) return i18n.t(`errors.${message}`);
  // A rule's params (`{min}`, `{max}`) do not survive the form resolver: the caller passes them.
  if (message.includes('.') && i18n.exists(message)) return i18n.t(message, values);
  return message;
}
