import { Button, Group } from '@mantine/core';
import type { HtmlDocumentResponse } from '@wallet/contract/lookup';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { OperatorHtml } from '../../../components/ui/operator-html';

type AgreementDialogProps = {
  opened: boolean;
  agreement: HtmlDocumentResponse | undefined;
  onAccept: () => void;
  onClose: () => void;
};

/** The member agreement's dialog: the operator's text and the accept button (agreement-modal). */
export function AgreementDialog({ opened, agreement, onAccept, onClose }: AgreementDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={agreement?.title || t('agreement.title')}
      size="lg"
      closeOnClickOutside={false}
      centered={false}
    >
      {agreement && <OperatorHtml html={agreement.html} />}
      <Group justify="flex-end" mt="md">
        <Button onClick={onAccept}>{t('agreement.accept')}</Button>
      </Group>
    </AppModal>
  );
}
