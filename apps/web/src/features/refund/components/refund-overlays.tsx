import { bannersFirstEntry } from '../../../components/ui/banners-first';

/** The spec's screens: Refund shows its banners first, then the refund modal. */
export const { useFlow: useRefundFlow, Overlays: RefundOverlays } = bannersFirstEntry({
  loadBanners: async () => (await import('../api/get-refund-banners')).getRefundBanners(),
  loadModal: async () => (await import('./refund-modal')).RefundModal,
  titleKey: 'refund.title',
});
