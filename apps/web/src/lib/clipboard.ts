import { showToast } from './alerts';
import { i18n } from './i18n';

/** The spec's screens: a copy action says 'Copied: {text}' or 'Failed to copy'. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', i18n.t('common.copied', { text }));
    return true;
  } catch {
    showToast('error', i18n.t('common.copyFailed'));
    return false;
  }
}
