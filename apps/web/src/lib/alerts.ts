import { notifications } from '@mantine/notifications';
import { timings } from '@wallet/contract/constants';
import type { ReactNode } from 'react';
import { errorText } from './errors';
import { i18n } from './i18n';
import { wantToastHost } from './toast-host-gate';

/**
 * Toasts and alerts (the spec's error catalogue). Call sites choose: login errors stay under the form,
 * registration and most member actions use these.
 */

const colours = { error: 'red', success: 'teal', info: 'blue' } as const;

/** Every toast of the app, in one look: its colour by tone, shown for 4 s (the spec's constants and limits). */
export function showToast(tone: keyof typeof colours, message: string, title?: string): void {
  wantToastHost();
  notifications.show({
    color: colours[tone],
    ...(title === undefined ? {} : { title }),
    message,
    autoClose: timings.alertMs,
    // Mantine's close button has no accessible name of its own (as in AppModal).
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/** The red alert: title 'An error occured', the translated error, shown for 4 s. */
export function showErrorAlert(error: unknown): void {
  showErrorMessage(errorText(error));
}

/**
 * The same alert in the call site's own words for the error (the spin's `spin.error.{code}`, a
 * QR provider's message), under the generic title unless the call site names one.
 */
export function showErrorMessage(message: string, title = i18n.t('common.errorTitle')): void {
  showToast('error', message, title);
}

export function showSuccessAlert(message: string, title = i18n.t('common.successTitle')): void {
  showToast('success', message, title);
}

/**
 * A notice that waits for its member: it stays until they act on what it says (its body carries
 * the action, a new version's reload button) or close it. One at a time per `id`.
 */
export function showPrompt(id: string, title: ReactNode, body: ReactNode): void {
  wantToastHost();
  notifications.show({ id, color: colours.info, title, message: body, autoClose: false });
}
