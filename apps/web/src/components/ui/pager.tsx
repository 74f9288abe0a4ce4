import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageRange } from '../../lib/page-range';

/**
 * The page buttons of every paged list: the statement, the slips, the invites, the refunds and
 * the coupons (the spec's constants and limits: a page range of 3 before and 1 after); `label` names the list.
 */
export function Pager({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" gap={6}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('statement.previous')}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      {pageRange(page, totalPages).map((n) => (
        <ActionIcon
          key={n}
          size="lg"
          variant={n === page ? 'filled' : 'default'}
          aria-label={t('statement.page', { page: n })}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </ActionIcon>
      ))}
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('statement.next')}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
