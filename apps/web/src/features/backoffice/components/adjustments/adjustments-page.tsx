import { SegmentedControl, Stack } from '@mantine/core';
import { type Adjustment, type AdjustmentStatus, adjustmentStatuses } from '@wallet/contract/desk';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adjustmentSorts, firstAdjustmentPage, useAdjustments } from '../../api/get-adjustments';
import { usePaging } from '../../paging';
import { useStaffMay } from '../../use-staff-may';
import { useDecisionColumns } from '../decision';
import { DeskTable, useDeskPage } from '../desk-table';
import { SectionHeader } from '../section-header';
import { useAdjustmentColumns } from './adjustment-columns';
import { useAdjustmentDecision } from './adjustment-decision';

/**
 * Balance adjustments (maker-checker), and the kept bank transfers and slips asked to be
 * credited: the ones waiting, approved or rejected. Another finance or admin than the one who
 * asked approves (the ledger moves) or rejects with a reason (adjustment-decision.tsx). The
 * status shown is in the address (`?status=`); the server pages and sorts the list.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const may = useStaffMay();
  const [params, setParams] = useSearchParams();
  const status = adjustmentStatuses.find((s) => s === params.get('status')) ?? 'pending';
  const paging = usePaging(firstAdjustmentPage, adjustmentSorts, status);
  const list = useDeskPage(
    useAdjustments(status, paging.request),
    (data) => ({ records: data.adjustments, total: data.total }),
    paging,
  );
  const decision = useAdjustmentDecision();
  const columns = [
    ...useAdjustmentColumns(),
    ...useDecisionColumns<Adjustment>({
      decided: status !== 'pending',
      decision: (row) => ({ by: row.decidedBy, reason: row.decisionReason }),
      deciding: status === 'pending' && may('adjustments.decide'),
      buttons: decision.buttons,
    }),
  ];

  return (
    <Stack gap={0}>
      <SectionHeader
        title={t('backoffice.sections.adjustments')}
        text={t('backoffice.adjustments.intro')}
      >
        <SegmentedControl
          aria-label={t('backoffice.adjustments.status')}
          value={status}
          onChange={(next) => setParams({ status: next })}
          data={adjustmentStatuses.map((s: AdjustmentStatus) => ({
            value: s,
            label: t(`backoffice.adjustments.statuses.${s}`),
          }))}
        />
      </SectionHeader>
      <DeskTable<Adjustment>
        aria-label={t('backoffice.sections.adjustments')}
        {...list}
        columns={columns}
      />
      {decision.rejectModal}
    </Stack>
  );
}
