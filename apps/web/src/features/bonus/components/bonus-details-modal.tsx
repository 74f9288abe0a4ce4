import { Image, Stack } from '@mantine/core';
import type { Bonus } from '@wallet/contract/bonus';
import { useTranslation } from 'react-i18next';
import { OperatorHtml } from '../../../components/ui/operator-html';
import { useActivateBonus } from '../api/activate-bonus';
import { OfferModal } from './offer-modal';

type BonusDetailsModalProps = { bonus: Bonus | null; onClose: () => void };

/** An available bonus's details (the spec's screens): its banners with the operator's text. */
export function BonusDetailsModal({ bonus, onClose }: BonusDetailsModalProps) {
  const { t } = useTranslation();
  const activate = useActivateBonus();
  return (
    <OfferModal
      offer={bonus}
      title={(code) => t('bonus.detailsTitle', { code })}
      activate={activate}
      onClose={onClose}
    >
      {(shown) =>
        shown.banners.map((banner) => (
          <Stack key={banner.image + banner.html} gap="xs">
            <Image src={banner.image} alt="" radius="md" />
            <OperatorHtml html={banner.html} />
          </Stack>
        ))
      }
    </OfferModal>
  );
}
