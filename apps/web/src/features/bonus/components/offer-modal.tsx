import { Button, Group, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { BonusNotice } from './bonus-notice';

type Offer = { code: string; percentFail: number };

type OfferModalProps<T extends Offer> = {
  /** The bonus or promotion shown; null closes the modal. */
  offer: T | null;
  title: (code: string) => string;
  activate: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
  children: (offer: T) => ReactNode;
};

/**
 * The details of something the member may take (a listed bonus, a promotion code): its own
 * content, the notice with its percentFail, and Activate. Activating closes the modal with a
 * success alert; an activate error shows the error alert (the spec's error catalogue).
 */
export function OfferModal<T extends Offer>({
  offer,
  title,
  activate,
  onClose,
  children,
}: OfferModalProps<T>) {
  const { t } = useTranslation();
  // Kept while the modal closes, so its content does not vanish during the animation.
  const [shown, setShown] = useState(offer);
  if (offer && offer !== shown) setShown(offer);

  const onActivate = (code: string) =>
    activate.mutate(code, {
      onSuccess: () => {
        onClose();
        showSuccessAlert(t('bonus.activated', { code }));
      },
      onError: showErrorAlert,
    });

  return (
    <AppModal opened={offer !== null} onClose={onClose} title={shown ? title(shown.code) : ''}>
      {shown && (
        <Stack gap="md">
          {children(shown)}
          <BonusNotice percentFail={shown.percentFail} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button loading={activate.isPending} onClick={() => onActivate(shown.code)}>
              {t('bonus.activate')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
