import { Button, Group, Image, Stack } from '@mantine/core';
import type { Banner } from '@wallet/contract/common';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from './app-modal';
import classes from './banner-carousel.module.css';
import { OperatorHtml } from './operator-html';

type BannerCarouselProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  banners: Banner[];
};

/**
 * The banners shown before the invite and refund modals (the spec's screens and states): one to a
 * view, swiped or chosen by the dots; closing it, or Continue, goes on to the modal. The slide
 * shown is read from the track's scroll position only while the member scrolls it.
 */
export function BannerCarousel({ opened, onClose, title, banners }: BannerCarouselProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(0);

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setShown(Math.round(el.scrollLeft / el.clientWidth));
  };
  const go = (index: number) => {
    const el = track.current;
    el?.scrollTo({ left: index * el.clientWidth, behavior: 'smooth' });
    setShown(index);
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <ul
          ref={track}
          className={classes.track}
          onScroll={onScroll}
          aria-label={t('banners.label')}
          data-testid="banner-carousel"
        >
          {banners.map((banner, index) => (
            <li
              key={banner.image + banner.html}
              className={classes.slide}
              aria-label={t('banners.slide', { index: index + 1, count: banners.length })}
            >
              <Stack gap="sm">
                {banner.image && <Image src={banner.image} alt="" radius="md" />}
                {banner.html && <OperatorHtml html={banner.html} />}
              </Stack>
            </li>
          ))}
        </ul>
        {banners.length > 1 && (
          <Group justify="center" gap={6}>
            {banners.map((banner, index) => (
              <button
                key={banner.image + banner.html}
                type="button"
                className={classes.dot}
                aria-current={index === shown}
                aria-label={t('banners.slide', { index: index + 1, count: banners.length })}
                onClick={() => go(index)}
              />
            ))}
          </Group>
        )}
        <Button onClick={onClose}>{t('banners.continue')}</Button>
      </Stack>
    </AppModal>
  );
}
