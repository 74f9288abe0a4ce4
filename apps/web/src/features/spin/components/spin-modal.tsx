import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { SpinPanel } from './spin-panel';

/** The spin as a modal from home (the spec's screens): the same wheel and coupons as the page. */
export function SpinModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('spin.title')}>
      <SpinPanel />
    </AppModal>
  );
}
