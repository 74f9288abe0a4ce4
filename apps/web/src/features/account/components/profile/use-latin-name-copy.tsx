import { useDisclosure } from '@mantine/hooks';
import { isLatinName, needsLatinName } from '@wallet/contract/account';
import { timings } from '@wallet/contract/constants';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert } from '../../../../lib/alerts';
import { copyText } from '../../../../lib/clipboard';
import { useLater } from '../../../../lib/use-later';
import { useProfile } from '../../api/get-profile';
import { EditBankNameModal } from './edit-bank-name-modal';

/**
 * A copy action that first asks for the account name in Latin letters (the spec's states, KBANK
 * auto bank-name edit): for a member of KTB, TMB or BBL whose registered name is not in Latin
 * letters, `copy` opens the edit-name modal after 200 ms instead; once the name is saved the copy
 * runs by itself 1 s later. Render `editor` where the modal belongs.
 */
export function useLatinNameCopy(): { copy: (text: string) => void; editor: ReactNode } {
  const { t } = useTranslation();
  const later = useLater();
  const { data } = useProfile();
  const [opened, modal] = useDisclosure(false);
  const waiting = useRef<string | null>(null);
  const needsEditName =
    data !== undefined &&
    needsLatinName(data.profile.bankCode) &&
    !isLatinName(data.bankAccount.bankAccountName);

  const copy = (text: string) => {
    if (!needsEditName) {
      void copyText(text);
      return;
    }
    waiting.current = text;
    later(modal.open, timings.editNameDelayMs);
  };

  const onSaved = () => {
    modal.close();
    showSuccessAlert(t('profile.nameSaved'));
    const text = waiting.current;
    waiting.current = null;
    if (text !== null) later(() => void copyText(text), timings.autoCopyDelayMs);
  };

  const editor = data ? (
    <EditBankNameModal
      opened={opened}
      onClose={modal.close}
      bankCode={data.profile.bankCode}
      currentName={data.bankAccount.bankAccountName}
      onSaved={onSaved}
    />
  ) : null;
  return { copy, editor };
}
