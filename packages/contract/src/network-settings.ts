import { z } from 'zod';
import { ReasonSchema } from './staff';

/**
 * The allow-lists admins set (docs/backoffice.md, "Settings"): IP addresses (`203.0.113.7`) or
 * CIDR ranges (`203.0.113.0/24`, `2001:db8::/32`); an empty list allows every address. `members`
 * guards everything, `staff` the back office as well. The deploy's own lists (IP_ALLOW_LIST,
 * STAFF_IP_ALLOW_LIST) apply besides and are shown as `fixed`.
 */
const IP_RULE =
  /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/(3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(\/(12[0-8]|1[01]\d|\d?\d))?)$/;
const rules = z
  .array(z.string({ error: 'KEY_INVALID' }).trim().regex(IP_RULE, { error: 'KEY_INVALID' }))
  .max(200, { error: 'KEY_INVALID' });

export const AddressListsSchema = z.object({ members: rules, staff: rules });
export type AddressLists = z.infer<typeof AddressListsSchema>;

/** `GET /api/backoffice/settings/ip-allow-lists`. */
export const AddressListsResponseSchema = AddressListsSchema.extend({
  fixed: AddressListsSchema,
  /** The address this request came from, as the server sees it. */
  yourAddress: z.string(),
});

/** `PUT /api/backoffice/settings/ip-allow-lists`: both lists, and why. */
export const AddressListsChangeSchema = AddressListsSchema.extend({
  reason: ReasonSchema.shape.reason,
});
