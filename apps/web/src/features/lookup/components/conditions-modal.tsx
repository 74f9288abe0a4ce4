import { Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HtmlDocumentResponse } from '@wallet/contract/lookup';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { OperatorHtml } from '../../../components/ui/operator-html';
import { errorText } from '../../../lib/errors';
import { conditionsQueryOptions } from '../api/get-conditions';

type ConditionsModalProps = {
  opened: boolean;
  onClose: () => void;
  /**
   * The conditions to show instead of the server's: the back office's preview of a draft, which
   * asks the member API nothing. Members' own modal leaves it out.
   */
  conditions?: HtmlDocumentResponse | undefined;
};

/** The Conditions item of the member's bottom menu (the spec's screens). */
export function ConditionsModal({ opened, onClose, conditions }: ConditionsModalProps) {
  const { t } = useTranslation();
  const asked = useQuery({
    ...conditionsQueryOptions(),
    enabled: opened && conditions === undefined,
  });
  const data = conditions ?? asked.data;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={data?.title || t('conditions.title')}
      size="lg"
      centered={false}
    >
      {!data && asked.isPending && (
        <Center py="xl">
          <Loader color="gold" type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {conditions === undefined && asked.error && <Text c="red.4">{errorText(asked.error)}</Text>}
      {data && <OperatorHtml html={data.html} />}
    </AppModal>
  );
}
