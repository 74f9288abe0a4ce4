import { notifications } from '@mantine/notifications';
import { timings } from '@wallet/contract/constants';
import { errorText } from './errors';
import { i18n } from './i18n';

/**
 * Toasts and alerts (SPEC.md section 8). Call sites choose: login errors stay under the form,
 * registration and most member actions use these.
 */

/** The red alert: title 'An error occured', the translated error, shown for 4 s. */
export function showErrorAlert(error: unknown): void {
  showErrorMessage(errorText(error));
}

/** The same alert in the call site's own words for the error (the spin's `spin.error.{code}`). */
export function showErrorMessage(message: string): void {
  notifications.show({
    color: 'red',
    title: i18n.t('common.errorTitle'),
    message,
    autoClose: timings.alertMs,
  });
}

export function showSuccessAlert(message: string, title?: string): void {
  notifications.show({
    color: 'teal',
    title: title ?? i18n.t('common.successTitle'),
    message,
    autoClose: timings.alertMs,
  });
}
