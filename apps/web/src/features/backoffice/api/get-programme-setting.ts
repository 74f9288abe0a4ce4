import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type InviteSetting,
  InviteSettingSchema,
  type RefundSetting,
  RefundSettingSchema,
} from '@wallet/contract/promotion-settings';
import { queryKeys } from '../../../lib/query-keys';
import { staffRequest } from './staff-request';

/** The two programmes a member meets through banners first: invite friends, loss refund. */
export type Programme = 'invite' | 'refund';
export type ProgrammeSetting = InviteSetting | RefundSetting;

/** The answer's schema of a programme: the refund's has its period and info besides. */
export const programmeSchemaOf = (programme: Programme) =>
  programme === 'refund' ? RefundSettingSchema : InviteSettingSchema;

/**
 * `GET /api/backoffice/promotions/{invite|refund}` (`promotions.read`): the programme's rules,
 * its banners and (the refund's) the info members read in the refund window.
 */
export function getProgrammeSetting(programme: Programme): Promise<ProgrammeSetting> {
  return staffRequest(`/api/backoffice/promotions/${programme}`, programmeSchemaOf(programme));
}

export const programmeSettingQueryOptions = (programme: Programme) =>
  queryOptions({
    queryKey: queryKeys.backoffice.promotions(programme),
    queryFn: () => getProgrammeSetting(programme),
    staleTime: 0,
  });

export function useProgrammeSetting(programme: Programme) {
  return useQuery(programmeSettingQueryOptions(programme));
}
