import { showErrorAlert, showErrorMessage } from '../../lib/alerts';
import { isApiError } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';

/**
 * The spec's error catalogue: a spin or claim failure shows the generic error title with the text of
 * `spin.error.{code}`; a failure without such a text (a network fault, KEY_INVALID) reads as
 * any other error does.
 */
export function showSpinError(error: unknown): void {
  const key = isApiError(error) ? `spin.error.${error.code}` : null;
  if (key && i18n.exists(key)) showErrorMessage(i18n.t(key));
  else showErrorAlert(error);
}
