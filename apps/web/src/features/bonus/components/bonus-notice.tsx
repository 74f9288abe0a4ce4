import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../lookup/api/get-notice';
import { noticeText } from '../bonus-progress';

/** The operator's bonus notice with the bonus's own percentFail in it (the spec's calls). */
export function BonusNotice({ percentFail }: { percentFail: number }) {
  const { t } = useTranslation();
  const { data } = useNotice();
  if (!data?.notice) return null;
  return (
    <Alert
      variant="light"
      color="gold"
      title={t('bonus.noticeTitle')}
      icon={<IconInfoCircle size={18} aria-hidden />}
      role="note"
      data-testid="bonus-notice"
    >
      <Text size="sm">{noticeText(data.notice, percentFail)}</Text>
    </Alert>
  );
}
