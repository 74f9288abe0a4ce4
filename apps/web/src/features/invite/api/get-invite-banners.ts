import { type Banner, BannersResponseSchema } from '@wallet/contract/common';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/invite/banners` (the spec's calls), read afresh each time Invite is chosen. */
export async function getInviteBanners(): Promise<Banner[]> {
  return (await apiRequest('/api/invite/banners', BannersResponseSchema)).banners;
}
