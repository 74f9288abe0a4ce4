import { Button, Group, Menu } from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconChevronDown,
  IconKey,
  IconLockOpen,
  IconLogout,
  IconPencil,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import type { MemberSummary } from '@wallet/contract/staff-members';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessAlert } from '../../../../lib/alerts';
import { type MemberChange, useChangeMember } from '../../api/change-member';
import { showDeskError } from '../../fresh-code';
import { useStaffMay } from '../../use-staff-may';
import { ReasonModal } from '../reason-modal';

/** The words of each change: its button, its question, what it does, and what was done. */
const changeWords = {
  deactivate: {
    action: 'backoffice.members.deactivate',
    title: 'backoffice.members.deactivateTitle',
    text: 'backoffice.members.deactivateText',
    done: 'backoffice.members.deactivated',
  },
  reactivate: {
    action: 'backoffice.members.reactivate',
    title: 'backoffice.members.reactivateTitle',
    text: 'backoffice.members.reactivateText',
    done: 'backoffice.members.reactivated',
  },
  passwordReset: {
    action: 'backoffice.member.changes.passwordReset.action',
    title: 'backoffice.member.changes.passwordReset.title',
    text: 'backoffice.member.changes.passwordReset.text',
    done: 'backoffice.member.changes.passwordReset.done',
  },
  signInUnlock: {
    action: 'backoffice.member.changes.signInUnlock.action',
    title: 'backoffice.member.changes.signInUnlock.title',
    text: 'backoffice.member.changes.signInUnlock.text',
    done: 'backoffice.member.changes.signInUnlock.done',
  },
  endSessions: {
    action: 'backoffice.member.changes.endSessions.action',
    title: 'backoffice.member.changes.endSessions.title',
    text: 'backoffice.member.changes.endSessions.text',
    done: 'backoffice.member.changes.endSessions.done',
  },
} as const satisfies Record<MemberChange, Record<'action' | 'title' | 'text' | 'done', string>>;

export type PendingChange = { member: MemberSummary; change: MemberChange };

type MemberActionsProps = {
  member: MemberSummary;
  onChange: (pending: PendingChange) => void;
  onAdjust: (member: MemberSummary) => void;
  /** On the member's page: the bank account name's correction, and the account's other actions. */
  onRename?: (member: MemberSummary) => void;
  size?: 'compact-sm' | 'sm';
};

/** The account's other actions, behind one button: reset the password, unlock, end sessions. */
function MoreActions({
  member,
  onChange,
  size,
}: Pick<MemberActionsProps, 'member' | 'onChange' | 'size'>) {
  const { t } = useTranslation();
  const item = (change: MemberChange, icon: ReactNode) => (
    <Menu.Item leftSection={icon} onClick={() => onChange({ member, change })}>
      {t(changeWords[change].action)}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size={size}
          variant="default"
          rightSection={<IconChevronDown size={16} aria-hidden />}
        >
          {t('backoffice.member.more')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {item('passwordReset', <IconKey size={16} aria-hidden />)}
        {item('signInUnlock', <IconLockOpen size={16} aria-hidden />)}
        {item('endSessions', <IconLogout size={16} aria-hidden />)}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * What staff may do to a member, each shown only to the roles the contract's table allows: ask
 * for a balance adjustment (finance, admin); correct the bank account name, reset the password,
 * clear a sign-in lock, end the sessions, deactivate or reactivate (support, admin).
 */
export function MemberActions({
  member,
  onChange,
  onAdjust,
  onRename,
  size = 'compact-sm',
}: MemberActionsProps) {
  const { t } = useTranslation();
  const may = useStaffMay();
  const status: MemberChange = member.active ? 'deactivate' : 'reactivate';
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {may('adjustments.request') && (
        <Button
          size={size}
          variant="light"
          leftSection={<IconAdjustmentsDollar size={16} aria-hidden />}
          onClick={() => onAdjust(member)}
        >
          {t('backoffice.members.adjust')}
        </Button>
      )}
      {onRename && may('members.status') && (
        <Button
          size={size}
          variant="light"
          color="gray"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => onRename(member)}
        >
          {t('backoffice.member.rename')}
        </Button>
      )}
      {may('members.status') && (
        <Button
          size={size}
          variant="light"
          color={member.active ? 'red' : 'teal'}
          leftSection={
            member.active ? (
              <IconUserOff size={16} aria-hidden />
            ) : (
              <IconUserCheck size={16} aria-hidden />
            )
          }
          onClick={() => onChange({ member, change: status })}
        >
          {t(changeWords[status].action)}
        </Button>
      )}
      {onRename && may('members.status') && (
        <MoreActions member={member} onChange={onChange} size={size} />
      )}
    </Group>
  );
}

/** The reason asked before a change to a member, then the change sent; null while closed. */
export function MemberChangeModal({
  pending,
  onClose,
}: {
  pending: PendingChange | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeMember();

  const confirm = async (reason: string) => {
    if (!pending) return;
    const { member } = pending;
    try {
      await change.mutateAsync({ memberId: member.id, change: pending.change, reason });
      const words = { name: member.name, phone: member.username };
      showSuccessAlert(t(changeWords[pending.change].done, words));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const words = pending && changeWords[pending.change];
  const names = pending ? { name: pending.member.name, phone: pending.member.username } : {};
  return (
    <ReasonModal
      request={
        words && {
          title: t(words.title, names),
          text: t(words.text, names),
          confirmLabel: t(words.action),
        }
      }
      onClose={onClose}
      onConfirm={confirm}
    />
  );
}
