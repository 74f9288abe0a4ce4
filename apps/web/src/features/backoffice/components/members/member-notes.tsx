import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { type MemberDetail, MemberNoteSchema } from '@wallet/contract/staff-members';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSuccessAlert } from '../../../../lib/alerts';
import { fieldErrorText } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { useAddMemberNote } from '../../api/add-member-note';
import { showDeskError } from '../../fresh-code';
import { useStaffMay } from '../../use-staff-may';

type NoteForm = z.input<typeof MemberNoteSchema>;

/** A new note, for the roles that write them (`members.note`). */
function AddNote({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const add = useAddMemberNote();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NoteForm>({ resolver: zodResolver(MemberNoteSchema), defaultValues: { body: '' } });

  const onSubmit = handleSubmit(async ({ body }) => {
    try {
      await add.mutateAsync({ memberId, body });
      reset();
      showSuccessAlert(t('backoffice.member.noteAdded'));
    } catch (error) {
      showDeskError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('backoffice.member.newNote')}
          description={t('backoffice.member.noteHint')}
          autosize
          minRows={2}
          maxRows={6}
          error={fieldErrorText(errors.body?.message)}
          {...register('body')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconNote size={16} aria-hidden />}
            loading={add.isPending}
          >
            {t('backoffice.member.addNote')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff's notes on the member, newest first, each with who wrote it; never edited. */
export function MemberNotes({
  memberId,
  notes,
}: {
  memberId: number;
  notes: MemberDetail['notes'];
}) {
  const { t } = useTranslation();
  const may = useStaffMay();
  return (
    <Stack gap="sm">
      {may('members.note') && <AddNote memberId={memberId} />}
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice.member.noNotes')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={t('backoffice.member.notes')} p={0} m={0}>
          {notes.map((note) => (
            <Paper
              key={note.id}
              component="li"
              withBorder
              p="sm"
              radius="md"
              style={{ listStyle: 'none' }}
            >
              <Text size="xs" c="dimmed">
                {t('backoffice.member.noteBy', { staff: note.staff, at: formatDateTime(note.at) })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
