import { Stack, Title } from '@mantine/core';
import type { Bonus } from '@wallet/contract/bonus';
import { type LocalBanner, type LocalText, textIn } from '@wallet/contract/common';
import type { Locale } from '@wallet/contract/constants';
import type { BonusSetting, WheelSetting } from '@wallet/contract/promotion-settings';
import type { Slice } from '@wallet/contract/spin';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../../components/ui/app-modal';
import { BannerCarousel } from '../../../../components/ui/banner-carousel';
import { BonusCard } from '../../../bonus/components/bonus-card';
import { BonusBanners } from '../../../bonus/components/bonus-details-modal';
import { PromotionDetails } from '../../../bonus/components/promotion-details-modal';
import { RefundInfo } from '../../../refund/components/refund-modal';
import { PrizeModal } from '../../../spin/components/prize-modal';
import { SpinWheel } from '../../../spin/components/spin-wheel';

/*
 * The member screens of a draft, drawn by the member app's own components with the draft's text
 * of one language, as the server will answer it (decision 0064: an empty translation falls back
 * to the Thai one, `textIn`). They hold no query and send nothing: what the member's buttons
 * would do is not the preview's to do. The drafts' HTML is the editor's own (tiptap keeps only
 * its schema's tags, and its links refuse `javascript:`) or the server's, cleaned where kept.
 */

/** A draft's number box: '' (or a typed "-") while empty, shown as 0 as the server would refuse it. */
const amount = (value: unknown) => (typeof value === 'number' ? value : 0);

export const bannersIn = (banners: readonly LocalBanner[], locale: Locale) =>
  banners.map((banner) => ({ image: banner.image, html: textIn(banner.html, locale) }));

/** What a bonus's form holds while it is typed: the money boxes '' while empty. */
export type BonusDraft = Omit<BonusSetting, 'maxBonus' | 'minDeposit'> & {
  maxBonus: number | '';
  minDeposit: number | '';
};

/** The bonus as `GET /api/bonus` will answer it to a member who has not taken it yet. */
function memberBonus(draft: BonusDraft, locale: Locale): Bonus {
  return {
    code: draft.code,
    type: draft.type,
    maxReceived: amount(draft.maxReceived),
    percentFail: amount(draft.percentFail),
    banners: bannersIn(draft.banners, locale),
    userBonus: null,
    percent: amount(draft.percent),
    maxBonus: amount(draft.maxBonus),
    minDeposit: amount(draft.minDeposit),
    turnoverMultiplier: amount(draft.turnoverMultiplier),
    description: textIn(draft.description, locale),
  };
}

/**
 * The bonus page with the draft: a listed bonus's card (tapping it opens its details, as for a
 * member), or the details a promotion code opens once a member finds it. Shown on or off: the
 * preview is for making it ready.
 */
export function BonusScreen({ draft, locale }: { draft: BonusDraft; locale: Locale }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bonus = memberBonus(draft, locale);
  if (draft.kind === 'promotion') {
    return (
      <>
        <Title order={1} size="h3">
          {t('bonus.title')}
        </Title>
        <AppModal
          opened
          onClose={() => undefined}
          title={t('bonus.promotionTitle', { code: bonus.code })}
        >
          <Stack gap="md">
            <PromotionDetails promotion={bonus} />
          </Stack>
        </AppModal>
      </>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('bonus.title')}
      </Title>
      <Title order={2} size="h4">
        {t('bonus.listTitle')}
      </Title>
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        <BonusCard bonus={bonus} state="available" onOpen={() => setOpen(true)} />
      </Stack>
      <AppModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('bonus.detailsTitle', { code: bonus.code })}
      >
        <Stack gap="md">
          <BonusBanners banners={bonus.banners} />
        </Stack>
      </AppModal>
    </Stack>
  );
}

/** What the wheel's form holds while it is typed: the money boxes '' while empty. */
export type WheelDraft = Omit<WheelSetting, 'depositPerCoin' | 'slices'> & {
  depositPerCoin: number | '';
  slices: (Omit<WheelSetting['slices'][number], 'prizeAmount'> & { prizeAmount: number | '' })[];
};

type WheelScreenProps = {
  draft: WheelDraft;
  locale: Locale;
  /** The slice whose prize modal shows, as after a spin that stops on it; null for none. */
  prize: number | null;
  onPrizeClose: () => void;
};

/** The spin page with the draft's wheel (a member with one coin), and a slice's prize modal. */
export function WheelScreen({ draft, locale, prize, onPrizeClose }: WheelScreenProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const slices: Slice[] = draft.slices.map((slice) => ({
    code: slice.code,
    label: slice.label,
    bgColor: slice.bgColor,
    textColor: slice.textColor,
    htmlDescription: textIn(slice.htmlDescription, locale),
  }));
  const won = prize === null ? null : (slices[prize] ?? null);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('spin.title')}
      </Title>
      <Stack gap="xs" align="center" pt="sm">
        <SpinWheel
          canvasRef={canvas}
          name={draft.name}
          slices={slices}
          coins={1}
          spinning={false}
          onSpin={() => undefined}
        />
      </Stack>
      <PrizeModal prize={won} onClose={onPrizeClose} />
    </Stack>
  );
}

type ProgrammeScreenProps = {
  programme: 'invite' | 'refund';
  banners: readonly LocalBanner[];
  /** The refund's info, shown in the refund window after the banners; none for the invite. */
  info?: LocalText | undefined;
  locale: Locale;
};

/**
 * What a member meets when they open the invite or the refund: its banners first, then (the
 * refund's) the window with the operator's info. With no banner, the window comes at once.
 */
export function ProgrammeScreen({ programme, banners, info, locale }: ProgrammeScreenProps) {
  const { t } = useTranslation();
  const title = t(`${programme}.title`);
  const [bannersShown, setBannersShown] = useState(true);
  const shown = bannersIn(banners, locale);
  const inWindow = !bannersShown || shown.length === 0;
  return (
    <>
      <BannerCarousel
        opened={!inWindow}
        onClose={() => setBannersShown(false)}
        title={title}
        banners={shown}
      />
      {info && (
        <AppModal opened={inWindow} onClose={() => setBannersShown(true)} title={title}>
          <RefundInfo html={textIn(info, locale)} />
        </AppModal>
      )}
    </>
  );
}
