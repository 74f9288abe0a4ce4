import { type Banner, BannersResponseSchema } from '@wallet/contract/common';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/refund/banners` (SPEC.md section 7), read afresh each time Refund is chosen. */
export async function getRefundBanners(): Promise<Banner[]> {
  return (await apiRequest('/api/refund/banners', BannersResponseSchema)).banners;
}
