import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SpinPanel } from './spin-panel';

/** The spin as a modal from home (SPEC.md section 2): the same wheel and coupons as the page. */
export function SpinModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('spin.title')}
      centered
      closeButtonProps={{ 'aria-label': t('wallet.close') }}
    >
      <SpinPanel />
    </Modal>
  );
}
