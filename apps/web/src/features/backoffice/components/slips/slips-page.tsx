import { Anchor, Group, Image, Stack } from '@mantine/core';
import { IconCash, IconReceiptOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { type UndecidedSlip, useSlips } from '../../api/get-slips';
import { useStaffMoney } from '../../money';
import { useAdjustmentDecision } from '../adjustments/adjustment-decision';
import { CellLines } from '../cell-lines';
import { WaitingState } from '../decision';
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
 * Slips the verifier could not decide (it could not read the picture, found no stable reference,
 * or had no answer), each with its picture. Staff read the amount and the bank's reference off
 * it and ask to credit it (another staff member approves it in Adjustments), or refuse it with a
 * reason the member reads on the slip.
 */
export function SlipsPage() {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const list = useDeskList(useSlips(), { columnAccessor: 'createdAt', direction: 'asc' });
  const decision = useAdjustmentDecision();
  const [crediting, setCrediting] = useState<UndecidedSlip | null>(null);
  const [refusing, setRefusing] = useState<UndecidedSlip | null>(null);

  const actions = (slip: UndecidedSlip) => {
    // A credit waits: a second staff member decides it (here or in Adjustments); rejecting it
    // brings back the credit and refusal, for a slip read wrong.
    if (slip.pending) return decision.waitingButtons(slip.pending);
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
            render: (slip) => (
              <WaitingState
                none={t('backoffice.slips.notAsked')}
                asked={
                  slip.pending &&
                  t('backoffice.slips.askedBy', {
                    by: slip.pending.requestedBy,
                    amount: money(slip.pending.amount, slip.currency),
                    reference: slip.pending.reference || '—',
                  })
                }
              />
            ),
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
