import type { Banner } from '@wallet/contract/common';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { lazyOverlay } from './lazy-overlay';

/**
 * The spec's states, invite and refund banners: the banners are fetched first; with any, the
 * carousel shows and closing it opens the related modal; with none, the modal opens at once.
 * Banners are an extra, so a failed fetch opens the modal as if there were none.
 */
export type BannersFirstStep = 'closed' | 'loading' | 'banners' | 'modal';

type BannersFirstState = {
  step: BannersFirstStep;
  banners: Banner[];
  start: () => Promise<void>;
  closeBanners: () => void;
  close: () => void;
};

export type BannersFirstFlow = ReturnType<typeof createBannersFirst>;

/** One flow (invite or refund), opened from the plus drawer and shown by `BannersFirst`. */
export function createBannersFirst(loadBanners: () => Promise<Banner[]>) {
  // Which start is the latest: a close, or a second tap, makes an earlier answer stale.
  let run = 0;
  return create<BannersFirstState>()((set, get) => ({
    step: 'closed',
    banners: [],
    start: async () => {
      const mine = ++run;
      set({ step: 'loading' });
      let banners: Banner[] = [];
      try {
        banners = await loadBanners();
      } catch {
        banners = [];
      }
      if (mine !== run) return;
      set({ banners, step: banners.length > 0 ? 'banners' : 'modal' });
    },
    closeBanners: () => {
      if (get().step === 'banners') set({ step: 'modal' });
    },
    close: () => {
      run += 1;
      set({ step: 'closed' });
    },
  }));
}

const BannerCarousel = lazyOverlay(
  async () => (await import('./banner-carousel')).BannerCarousel,
  (props) => props.opened,
);

type OverlayProps = { opened: boolean; onClose: () => void };

/** The flow's overlays: the thin bar while the banners load, the carousel, then `modal`. */
function BannersFirst({
  flow,
  title,
  modal: FlowModal,
}: {
  flow: BannersFirstFlow;
  title: string;
  modal: ComponentType<OverlayProps>;
}) {
  const step = flow((s) => s.step);
  const banners = flow((s) => s.banners);
  const closeBanners = flow((s) => s.closeBanners);
  const close = flow((s) => s.close);
  return (
    <>
      {step === 'loading' && <div className="wallet-route-progress" aria-hidden />}
      <BannerCarousel
        opened={step === 'banners'}
        onClose={closeBanners}
        title={title}
        banners={banners}
      />
      <FlowModal opened={step === 'modal'} onClose={close} />
    </>
  );
}

/**
 * A plus-drawer entry that shows its banners first (invite, refund): `useFlow` starts and
 * drives it, `Overlays` (rendered once by the shell) shows the carousel and the modal, each
 * loaded lazily like the other overlays.
 */
export function bannersFirstEntry({
  loadBanners,
  loadModal,
  titleKey,
}: {
  loadBanners: () => Promise<Banner[]>;
  loadModal: () => Promise<ComponentType<OverlayProps>>;
  titleKey: string;
}) {
  const FlowModal = lazyOverlay(loadModal, (props) => props.opened);
  // The carousel's and the modal's code come while the banners do: one of them shows next.
  const useFlow = createBannersFirst(() => {
    BannerCarousel.preload();
    FlowModal.preload();
    return loadBanners();
  });
  function Overlays() {
    const { t } = useTranslation();
    return <BannersFirst flow={useFlow} title={t(titleKey)} modal={FlowModal} />;
  }
  return { useFlow, Overlays };
}
