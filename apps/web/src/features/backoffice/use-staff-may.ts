import { type StaffAction, staffMay } from '@wallet/contract/staff';
import { useStaffProfile } from './api/get-staff-profile';

/**
 * Whether the signed-in staff member's role may take an action (the contract's role table), for
 * a screen to offer only what the server would not refuse with 403.
 */
export function useStaffMay(): (action: StaffAction) => boolean {
  const { data: staff } = useStaffProfile();
  return (action) => !!staff && staffMay(staff.role, action);
}
