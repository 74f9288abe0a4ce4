import { Paper, Text } from '@mantine/core';
import type { Promotion } from '@wallet/contract/promotion';
import { useTranslation } from 'react-i18next';
import { OperatorHtml } from '../../../components/ui/operator-html';
import { useActivatePromotion } from '../api/activate-promotion';
import { OfferModal } from './offer-modal';

export type FoundPromotion = Promotion & { code: string };

type PromotionDetailsModalProps = { promotion: FoundPromotion | null; onClose: () => void };

/**
 * A promotion's description and its percentFail: the details' content (and the back office's
 * preview).
 */
export function PromotionDetails({
  promotion,
}: {
  promotion: Pick<Promotion, 'description' | 'percentFail'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <OperatorHtml html={promotion.description} />
      <Paper p="sm" radius="md" withBorder>
        <Text size="sm" c="dimmed">
          {t('bonus.percentFail')}
        </Text>
        <Text fw={700} data-testid="promotion-percent-fail">
          {t('bonus.percentFailValue', { percent: promotion.percentFail })}
        </Text>
      </Paper>
    </>
  );
}

/** A found promotion code (the spec's states): its description and its percentFail. */
export function PromotionDetailsModal({ promotion, onClose }: PromotionDetailsModalProps) {
  const { t } = useTranslation();
  const activate = useActivatePromotion();
  return (
    <OfferModal
      offer={promotion}
      title={(code) => t('bonus.promotionTitle', { code })}
      activate={activate}
      onClose={onClose}
    >
      {(shown) => <PromotionDetails promotion={shown} />}
    </OfferModal>
  );
}
