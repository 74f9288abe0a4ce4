import { Center, Loader, Paper, Text } from '@mantine/core';
import { type ComponentProps, lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportChart as Chart } from './report-chart';

/**
 * The charts library (recharts, under @mantine/charts) is most of the screen's code: it comes in a
 * chunk of its own after the figures and tables, which do not wait for it.
 */
const ReportChart = lazy(async () => ({ default: (await import('./report-chart')).ReportChart }));

/** The chart's own height, kept while the library loads or when the range has no period. */
const CHART_HEIGHT = 260;

/**
 * A report's chart in a figure named by its caption; a range nothing happened in says so
 * instead of drawing empty axes.
 */
export function ChartSlot(props: ComponentProps<typeof Chart>) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={600} size="sm" mb="sm">
        {props.title}
      </Text>
      {props.data.length === 0 ? (
        <Center h={CHART_HEIGHT}>
          <Text size="sm" c="dimmed">
            {t('backoffice.reports.emptyRange')}
          </Text>
        </Center>
      ) : (
        <Suspense
          fallback={
            <Center h={CHART_HEIGHT}>
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          }
        >
          <ReportChart {...props} height={CHART_HEIGHT} />
        </Suspense>
      )}
    </Paper>
  );
}
