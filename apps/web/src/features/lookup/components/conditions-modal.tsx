import { Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { OperatorHtml } from '../../../components/ui/operator-html';
import { errorText } from '../../../lib/errors';
import { conditionsQueryOptions } from '../api/get-conditions';

type ConditionsModalProps = { opened: boolean; onClose: () => void };

/** The Conditions item of the member's bottom menu (the spec's screens). */
export function ConditionsModal({ opened, onClose }: ConditionsModalProps) {
  const { t } = useTranslation();
  const { data, error, isPending } = useQuery({ ...conditionsQueryOptions(), enabled: opened });
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={data?.title || t('conditions.title')}
      size="lg"
      centered={false}
    >
      {isPending && (
        <Center py="xl">
          <Loader color="gold" type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {error && <Text c="red.4">{errorText(error)}</Text>}
      {data && <OperatorHtml html={data.html} />}
    </AppModal>
  );
}
