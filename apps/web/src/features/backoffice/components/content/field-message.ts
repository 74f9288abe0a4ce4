import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';

/**
 * The words of a field's refusal; an https address's KEY_INVALID says what it takes (the
 * contract's `https` rule) rather than "invalid".
 */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined, kind?: 'https') =>
    kind === 'https' && message === 'KEY_INVALID'
      ? t('backoffice.content.httpsOnly')
      : fieldErrorText(message);
}
