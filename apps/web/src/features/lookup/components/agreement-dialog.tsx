import { Button, Group, Modal, Typography } from '@mantine/core';
import type { HtmlDocumentResponse } from '@wallet/contract/lookup';
import { useTranslation } from 'react-i18next';

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={agreement?.title || t('agreement.title')}
      size="lg"
      closeOnClickOutside={false}
    >
      {agreement && (
        <Typography className="wallet-html-content">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML, cleaned by the server where it is stored (apps/server/src/lib/operator-html.ts) */}
          <div dangerouslySetInnerHTML={{ __html: agreement.html }} />
        </Typography>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={onAccept}>{t('agreement.accept')}</Button>
      </Group>
    </Modal>
  );
}
