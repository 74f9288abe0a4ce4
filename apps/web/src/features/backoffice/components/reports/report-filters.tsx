import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { currencies } from '@wallet/contract/constants';
import {
  REPORT_MAX_DAYS,
  type ReportPeriod,
  type ReportQuery,
  ReportQuerySchema,
  reportPeriods,
} from '@wallet/contract/reports';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRange, operatorToday } from './report-range';

/** What staff set: the query, and whether they chose the days themselves. */
type Draft = ReportQuery & { chosenDays: boolean };

function opening(): Draft {
  const period: ReportPeriod = 'day';
  return { currency: 'BAHT', period, ...defaultRange(period, operatorToday()), chosenDays: false };
}

/** The contract's own rules for a range, in words under the field each names. */
function rangeErrors(draft: Draft, t: ReturnType<typeof useTranslation>['t']) {
  const errors: { from?: string; to?: string } = {};
  const parsed = ReportQuerySchema.safeParse(draft);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (field !== 'from' && field !== 'to') continue;
    // The refinements (code `custom`) run once both days are days.
    if (issue.code !== 'custom') errors[field] = t('backoffice.reports.filters.noDay');
    else if (field === 'to') errors.to = t('backoffice.reports.filters.toBeforeFrom');
    else errors.from = t('backoffice.reports.filters.tooLong', { days: REPORT_MAX_DAYS });
  }
  return errors;
}

/**
 * The report's currency, period and days. It opens on baht by day over the last 30 days ending
 * today (the operator's today: Asia/Bangkok); another period opens on its own range (by month,
 * the last 12 months) until staff choose the days. The report shown is always of the last
 * choice the contract's `ReportQuerySchema` accepts; a choice it refuses says why under the field.
 */
export function useReportFilters() {
  const [draft, setDraft] = useState(opening);
  const [query, setQuery] = useState<ReportQuery>(() => ReportQuerySchema.parse(draft));
  const change = (next: Draft) => {
    setDraft(next);
    const parsed = ReportQuerySchema.safeParse(next);
    if (parsed.success) setQuery(parsed.data);
  };
  return { draft, query, change };
}

type ReportFiltersProps = ReturnType<typeof useReportFilters>;

export function ReportFilters({ draft, change }: ReportFiltersProps) {
  const { t } = useTranslation();
  const periodLabelId = useId();
  const errors = rangeErrors(draft, t);
  const today = operatorToday();

  const setPeriod = (period: ReportPeriod) =>
    change({
      ...draft,
      period,
      ...(draft.chosenDays ? {} : defaultRange(period, today)),
    });

  return (
    <Group
      align="flex-start"
      gap="md"
      mb="md"
      role="group"
      aria-label={t('backoffice.reports.filters.label')}
    >
      <Select
        w={190}
        label={t('backoffice.reports.filters.currency')}
        data={currencies.map((currency) => ({
          value: currency,
          label: t(`backoffice.currencies.${currency}`),
        }))}
        value={draft.currency}
        allowDeselect={false}
        onChange={(value) => {
          const currency = currencies.find((one) => one === value);
          if (currency) change({ ...draft, currency });
        }}
      />
      <Stack gap={4}>
        <Text component="span" id={periodLabelId} size="sm" fw={500}>
          {t('backoffice.reports.filters.period')}
        </Text>
        <SegmentedControl
          aria-labelledby={periodLabelId}
          data={reportPeriods.map((period) => ({
            value: period,
            label: t(`backoffice.reports.periods.${period}`),
          }))}
          value={draft.period}
          onChange={(value) => {
            const period = reportPeriods.find((one) => one === value);
            if (period) setPeriod(period);
          }}
        />
      </Stack>
      {(['from', 'to'] as const).map((field) => (
        <TextInput
          key={field}
          w={170}
          type="date"
          label={t(`backoffice.reports.filters.${field}`)}
          value={draft[field]}
          max={today}
          error={errors[field]}
          onChange={(event) =>
            change({ ...draft, [field]: event.currentTarget.value, chosenDays: true })
          }
        />
      ))}
    </Group>
  );
}
