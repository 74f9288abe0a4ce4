import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { type Programme, type ProgrammeSetting, programmeSchemaOf } from './get-programme-setting';
import { staffRequest } from './staff-request';

/** A programme's rules and why (`InviteChangeSchema`, `RefundChangeSchema`). */
export type ProgrammeChange = { programme: Programme; rules: ProgrammeSetting; reason: string };

/**
 * `PUT /api/backoffice/promotions/{invite|refund}` (`promotions.change`): the programme's rules,
 * and why. A refund or invite reward already received keeps its amount; the next ones follow
 * the new rates.
 */
export function changeProgrammeSetting({
  programme,
  rules,
  reason,
}: ProgrammeChange): Promise<ProgrammeSetting> {
  return staffRequest(`/api/backoffice/promotions/${programme}`, programmeSchemaOf(programme), {
    method: 'PUT',
    body: { rules, reason },
  });
}

export function useChangeProgrammeSetting(programme: Programme) {
  return useMutation({
    mutationFn: (change: Omit<ProgrammeChange, 'programme'>) =>
      changeProgrammeSetting({ programme, ...change }),
    onSuccess: (saved) =>
      queryClient.setQueryData(queryKeys.backoffice.promotions(programme), saved),
  });
}
