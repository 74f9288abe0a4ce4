import { Badge, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { OperatorHtml } from '../../../components/ui/operator-html';
import type { Prize } from '../use-wheel-spin';

/**
 * The prize modal at the end of a spin (the spec's screens and states): the slice's label in its
 * colours and its description. The last prize stays while the modal closes.
 */
export function PrizeModal({ prize, onClose }: { prize: Prize | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(prize);
  if (prize && prize !== shown) setShown(prize);
  return (
    <AppModal opened={prize !== null} onClose={onClose} title={t('spin.prizeTitle')} zIndex={400}>
      {shown && (
        <Stack align="center" gap="md">
          <Badge
            size="xl"
            radius="md"
            h="auto"
            py={8}
            px="lg"
            style={{ background: shown.bgColor, color: shown.textColor }}
            data-testid="prize-label"
          >
            {shown.label}
          </Badge>
          <div style={{ textAlign: 'center' }}>
            <OperatorHtml html={shown.htmlDescription} />
          </div>
          <Text size="sm" c="dimmed" ta="center">
            {t('spin.prizeHint')}
          </Text>
          <Button fullWidth onClick={onClose}>
            {t('spin.prizeOk')}
          </Button>
        </Stack>
      )}
    </AppModal>
  );
}
