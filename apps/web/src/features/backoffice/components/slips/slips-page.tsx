import { Anchor, Group, Image, Stack } from '@mantine/core';
import { IconCash, IconReceiptOff } from '@tabler/icons-react';
import type { Adjustment } from '@wallet/contract/desk';
import { STAFF_PAGE_MAX } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { firstAdjustmentPage, useAdjustments } from '../../api/get-adjustments';
import { type UndecidedSlip, useSlips } from '../../api/get-slips';
import { useStaffMoney } from '../../money';
import { useStaffMay } from '../../use-staff-may';
import { useAdjustmentDecision } from '../adjustments/adjustment-decision';
import { CellLines } from '../cell-lines';
import { DecisionButtons, WaitingState } from '../decision';
import { DeskTable, useDeskList } from '../desk-table';
import { MemberLink } from '../members/member-link';
import { RowAction } from '../row-action';
import { SectionHeader } from '../section-header';
import { CreditSlipModal } from './credit-slip-modal';
import { RefuseSlipModal } from './refuse-slip-modal';
import { slipNoteText } from './slip-note';

/** The slip's picture, small in its row; a click opens it whole in a tab of its own. */
function SlipPicture({ slip }: { slip: UndecidedSlip }) {
  const { t } = useTranslation();
  return (
    <Anchor
      href={slip.link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('backoffice.slips.open', { id: slip.id })}
    >
      <Image src={slip.link} alt="" h={96} w={72} fit="contain" radius="sm" bg="dark.6" />
    </Anchor>
  );
}

/**
 * The slip credits waiting for approval, by the slip each credits (the adjustment's `slipId`):
 * the newest page of the queue the server gives (STAFF_PAGE_MAX), more than ever wait at once.
 * The slips' own list does not say it (docs/backoffice.md: a kept transfer's row does).
 */
const waitingPage = { ...firstAdjustmentPage, limit: STAFF_PAGE_MAX };

function useWaitingCredits(): Map<number, Adjustment> {
  const { data } = useAdjustments('pending', waitingPage);
  const credits = new Map<number, Adjustment>();
  for (const row of data?.adjustments ?? []) {
    if (row.kind === 'slip' && row.slipId !== null) credits.set(row.slipId, row);
  }
  return credits;
}

/**
 * Slips the verifier could not decide (it could not read the picture, found no stable reference,
 * or had no answer), each with its picture. Staff read the amount and the bank's reference off
 * it and ask to credit it (another staff member approves it in Adjustments), or refuse it with a
 * reason the member reads on the slip.
 */
export function SlipsPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const may = useStaffMay();
  const list = useDeskList(useSlips(), { columnAccessor: 'createdAt', direction: 'asc' });
  const waiting = useWaitingCredits();
  const decision = useAdjustmentDecision();
  const [crediting, setCrediting] = useState<UndecidedSlip | null>(null);
  const [refusing, setRefusing] = useState<UndecidedSlip | null>(null);

  const actions = (slip: UndecidedSlip) => {
    // A credit waits: a second staff member decides it (here or in Adjustments); rejecting it
    // brings back the credit and refusal, for a slip read wrong.
    const credit = waiting.get(slip.id);
    if (credit) {
      return may('adjustments.decide') ? <DecisionButtons {...decision.buttons(credit)} /> : null;
    }
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <RowAction
          icon={IconCash}
          variant="filled"
          color="teal"
          onClick={() => setCrediting(slip)}
          label={t('backoffice.slips.creditOne', { id: slip.id })}
        >
          {t('backoffice.slips.credit')}
        </RowAction>
        <RowAction
          icon={IconReceiptOff}
          color="red"
          onClick={() => setRefusing(slip)}
          label={t('backoffice.slips.refuseOne', { id: slip.id })}
        >
          {t('backoffice.slips.refuse')}
        </RowAction>
      </Group>
    );
  };

  return (
    <Stack gap={0}>
      <SectionHeader title={t('backoffice.sections.slips')} text={t('backoffice.slips.intro')} />
      <DeskTable<UndecidedSlip>
        aria-label={t('backoffice.sections.slips')}
        {...list}
        columns={[
          {
            accessor: 'link',
            title: t('backoffice.slips.columns.picture'),
            width: 100,
            render: (slip) => <SlipPicture slip={slip} />,
          },
          { accessor: 'id', title: '#', sortable: true },
          {
            accessor: 'createdAt',
            title: t('backoffice.slips.columns.createdAt'),
            sortable: true,
            noWrap: true,
            render: (slip) => formatDateTime(slip.createdAt),
          },
          {
            accessor: 'username',
            title: t('backoffice.slips.columns.member'),
            sortable: true,
            render: (slip) => (
              <CellLines main={slip.username} sub={<MemberLink id={slip.memberId} />} />
            ),
          },
          { accessor: 'currency', title: t('backoffice.members.columns.currency') },
          {
            accessor: 'note',
            title: t('backoffice.slips.columns.note'),
            render: (slip) => slipNoteText(slip.note),
          },
          {
            accessor: 'credit',
            title: t('backoffice.slips.columns.credit'),
            render: (slip) => {
              const credit = waiting.get(slip.id);
              return (
                <WaitingState
                  none={t('backoffice.slips.notAsked')}
                  asked={
                    credit
                      ? t('backoffice.slips.askedBy', {
                          by: credit.requestedBy,
                          amount: money(credit.amount, credit.currency),
                          reference: credit.bankReference ?? '—',
                        })
                      : null
                  }
                />
              );
            },
          },
          {
            accessor: 'actions',
            title: t('backoffice.table.actions'),
            textAlign: 'right',
            render: actions,
          },
        ]}
      />
      <CreditSlipModal slip={crediting} onClose={() => setCrediting(null)} />
      <RefuseSlipModal slip={refusing} onClose={() => setRefusing(null)} />
      {decision.rejectModal}
    </Stack>
  );
}
