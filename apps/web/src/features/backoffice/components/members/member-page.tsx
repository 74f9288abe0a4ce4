import {
  ActionIcon,
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconTags } from '@tabler/icons-react';
import type { MemberSummary } from '@wallet/contract/staff-members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../../lib/errors';
import { useMember } from '../../api/get-member';
import { backofficePaths } from '../../paths';
import { useStaffMay } from '../../use-staff-may';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { BankAccountNameModal } from './bank-account-name-modal';
import { MemberActions, MemberChangeModal, type PendingChange } from './member-actions';
import { MemberActivity } from './member-activity';
import { MemberFlags } from './member-flags';
import { MemberBalances, MemberProfile } from './member-profile';
import { MemberTagsModal } from './member-tags-modal';

function BackToMembers() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={backofficePaths.members} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('backoffice.member.back')}
      </Group>
    </Anchor>
  );
}

/** The member's tags, and their editing for the roles that write notes (`members.note`). */
function MemberTags({ tags, onEdit }: { tags: string[]; onEdit: () => void }) {
  const { t } = useTranslation();
  const may = useStaffMay();
  return (
    <Group gap={6} aria-label={t('backoffice.member.tags')}>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray" tt="none">
          {tag}
        </Badge>
      ))}
      {may('members.note') && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={onEdit}
          aria-label={t('backoffice.member.editTags')}
          title={t('backoffice.member.editTags')}
        >
          <IconTags size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * One member (`/backoffice/members/:id`), opened from the members' search or any row naming
 * them: who they are and their tags, what a human should look at (flags), the balance of each of
 * their accounts, and their movements, sign-ins, sessions, staff's notes, status history and
 * adjustments; with what the role may do to them (an adjustment asked; the bank account name
 * corrected, the password reset, a sign-in lock cleared, the sessions ended, deactivated or
 * reactivated, each with a reason).
 */
export function MemberPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, error, isPending } = useMember(id);
  const [changing, setChanging] = useState<PendingChange | null>(null);
  const [adjusting, setAdjusting] = useState<MemberSummary | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [tagging, setTagging] = useState(false);

  if (!data) {
    return (
      <Stack gap="md">
        <BackToMembers />
        {isPending && !error ? (
          <Center mih={240}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : (
          <Text c="red.4">{errorText(error)}</Text>
        )}
      </Stack>
    );
  }

  const { member } = data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackToMembers />
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="sm">
              <Title order={1} size="h3">
                {member.name}
              </Title>
              <Badge color={member.active ? 'teal' : 'red'} variant="light">
                {t(member.active ? 'backoffice.members.active' : 'backoffice.members.inactive')}
              </Badge>
              <MemberTags tags={member.tags} onEdit={() => setTagging(true)} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('backoffice.member.subtitle', { id: member.id, username: member.username })}
            </Text>
          </Stack>
          <MemberActions
            member={member}
            size="sm"
            onChange={setChanging}
            onAdjust={setAdjusting}
            onRename={() => setRenaming(true)}
          />
        </Group>
      </Stack>
      <MemberFlags flags={data.flags} currency={member.currency} />
      <MemberProfile member={member} />
      <MemberBalances balances={data.balances} currency={member.currency} />
      <MemberActivity detail={data} />
      <MemberChangeModal pending={changing} onClose={() => setChanging(null)} />
      <AdjustBalanceModal member={adjusting} onClose={() => setAdjusting(null)} />
      <BankAccountNameModal member={renaming ? member : null} onClose={() => setRenaming(false)} />
      <MemberTagsModal member={tagging ? member : null} onClose={() => setTagging(false)} />
    </Stack>
  );
}
