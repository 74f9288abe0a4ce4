import { type Banner, BannersResponseSchema } from '@wallet/contract/common';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/refund/banners` (the spec's calls), read afresh each time Refund is chosen. */
export async function getRefundBanners(): Promise<Banner[]> {
  return (await apiRequest('/api/refund/banners', BannersResponseSchema)).banners;
}
