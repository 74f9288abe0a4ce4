import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticeQueryOptions } from '../../lookup/api/get-notice';
import { noticeText } from '../bonus-progress';

type BonusNoticeProps = {
  percentFail: number;
  /** The notice to show instead of the server's: the back office's preview of a draft. */
  notice?: string | undefined;
};

/** The operator's bonus notice with the bonus's own percentFail in it (the spec's calls). */
export function BonusNotice({ percentFail, notice }: BonusNoticeProps) {
  const { t } = useTranslation();
  const { data } = useQuery({ ...noticeQueryOptions(), enabled: notice === undefined });
  const text = notice ?? data?.notice;
  if (!text) return null;
  return (
    <Alert
      variant="light"
      color="gold"
      title={t('bonus.noticeTitle')}
      icon={<IconInfoCircle size={18} aria-hidden />}
      role="note"
      data-testid="bonus-notice"
    >
      <Text size="sm">{noticeText(text, percentFail)}</Text>
    </Alert>
  );
}
