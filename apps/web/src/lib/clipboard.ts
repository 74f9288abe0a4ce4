import { notifications } from '@mantine/notifications';
import { timings } from '@wallet/contract/constants';
import { i18n } from './i18n';

/** SPEC.md section 2: a copy action says 'Copied: {text}' or 'Failed to copy'. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({
      color: 'teal',
      message: i18n.t('common.copied', { text }),
      autoClose: timings.alertMs,
    });
    return true;
  } catch {
    notifications.show({
      color: 'red',
      message: i18n.t('common.copyFailed'),
      autoClose: timings.alertMs,
    });
    return false;
  }
}
