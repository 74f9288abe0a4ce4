import { bannersFirstEntry } from '../../../components/ui/banners-first';

/** The spec's screens: Invite shows its banners first, then the invite modal. */
export const { useFlow: useInviteFlow, Overlays: InviteOverlays } = bannersFirstEntry({
  loadBanners: async () => (await import('../api/get-invite-banners')).getInviteBanners(),
  loadModal: async () => (await import('./invite-modal')).InviteModal,
  titleKey: 'invite.title',
});
