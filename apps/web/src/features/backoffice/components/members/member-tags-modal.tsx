import { TextInput } from '@mantine/core';
import { type MemberDetail, MemberTagsSchema } from '@wallet/contract/staff-members';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSetMemberTags } from '../../api/set-member-tags';
import { DeskFormModal, useDeskForm } from '../desk-form-modal';

/** The tags as typed, one box of words apart, checked by the request's own schema. */
const TagsFormSchema = z
  .object({ tags: z.string() })
  .transform(({ tags }) => ({ tags: tags.split(/[\s,]+/).filter(Boolean) }))
  .pipe(MemberTagsSchema);

type MemberTagsModalProps = { member: MemberDetail['member'] | null; onClose: () => void };

/** The member's whole set of tags (`vip`, `watch`…), for the roles that write notes. */
export function MemberTagsModal({ member, onClose }: MemberTagsModalProps) {
  const { t } = useTranslation();
  const save = useSetMemberTags();
  const form = useDeskForm(TagsFormSchema, {
    values: { tags: member?.tags.join(' ') ?? '' },
    onClose,
  });

  const onSubmit = form.submit(async ({ tags }) => {
    if (!member) return undefined;
    await save.mutateAsync({ memberId: member.id, tags });
    return t('backoffice.member.tagsSaved');
  });

  return (
    <DeskFormModal
      opened={member !== null}
      title={t('backoffice.member.tagsTitle', { name: member?.name ?? '' })}
      onClose={form.close}
      onSubmit={onSubmit}
      pending={form.pending}
    >
      <TextInput
        label={t('backoffice.member.tags')}
        description={t('backoffice.member.tagsHint')}
        spellCheck={false}
        data-autofocus
        error={form.formState.errors.tags ? t('backoffice.member.tagsInvalid') : undefined}
        {...form.register('tags')}
      />
    </DeskFormModal>
  );
}
