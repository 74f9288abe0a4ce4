import { Image, Stack } from '@mantine/core';
import type { Bonus } from '@wallet/contract/bonus';
import type { Banner } from '@wallet/contract/common';
import { useTranslation } from 'react-i18next';
import { OperatorHtml } from '../../../components/ui/operator-html';
import { useActivateBonus } from '../api/activate-bonus';
import { OfferModal } from './offer-modal';

type BonusDetailsModalProps = { bonus: Bonus | null; onClose: () => void };

/** A bonus's banners, each with the operator's text: the details' content (and the back office's preview). */
export function BonusBanners({ banners }: { banners: Banner[] }) {
  return banners.map((banner) => (
    <Stack key={banner.image + banner.html} gap="xs">
      <Image src={banner.image} alt="" radius="md" />
      <OperatorHtml html={banner.html} />
    </Stack>
  ));
}

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
      {(shown) => <BonusBanners banners={shown.banners} />}
    </OfferModal>
  );
}
