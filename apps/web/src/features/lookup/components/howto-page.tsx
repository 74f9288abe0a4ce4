import {
  AspectRatio,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { HowtoResponse } from '@wallet/contract/lookup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/ui/app-modal';
import { errorText } from '../../../lib/errors';
import { howtoQueryOptions } from '../api/get-howto';
import { videoSource } from '../video-source';

type Video = HowtoResponse['videos'][number];

function VideoPlayer({ video }: { video: Video }) {
  const source = videoSource(video.url);
  return (
    <AspectRatio ratio={16 / 9}>
      {source.kind === 'iframe' ? (
        <iframe
          src={source.src}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
        />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: operator how-to clips come without caption files
        <video
          src={source.src}
          controls
          playsInline
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
    </AspectRatio>
  );
}

type HowtoPageProps = {
  /** The videos to show instead of the server's: the back office's preview of a draft. */
  howto?: HowtoResponse | undefined;
};

/** The spec's screens: five videos, each opened in a modal player. */
export function HowtoPage({ howto }: HowtoPageProps = {}) {
  const { t } = useTranslation();
  const asked = useQuery({ ...howtoQueryOptions(), enabled: howto === undefined });
  const data = howto ?? asked.data;
  const isPending = howto === undefined && asked.isPending;
  const error = howto === undefined ? asked.error : null;
  const [playing, setPlaying] = useState<Video | null>(null);
  // The operator's title in the reader's language; the app's own when the operator left none.
  const titleOf = (video: Video) => video.title || t(`howto.videos.${video.key}`);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('howto.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('howto.subtitle')}
        </Text>
      </Stack>
      {isPending && (
        <Center py="xl">
          <Loader color="gold" type="dots" aria-label={t('common.loading')} />
        </Center>
      )}
      {error && <Text c="red.4">{errorText(error)}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {data?.videos.map((video, index) => (
          <UnstyledButton key={video.key} onClick={() => setPlaying(video)}>
            <Paper p="md" className="wallet-hero-card">
              <Group gap="md" wrap="nowrap">
                <ThemeIcon
                  size={48}
                  radius="xl"
                  variant="gradient"
                  gradient={{ from: 'gold.3', to: 'gold.7' }}
                >
                  <IconPlayerPlayFilled size={20} aria-hidden />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('howto.step', { n: index + 1 })}
                  </Text>
                  <Text fw={600}>{titleOf(video)}</Text>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <AppModal
        opened={playing !== null}
        onClose={() => setPlaying(null)}
        centered={false}
        title={playing ? titleOf(playing) : ''}
        size="xl"
      >
        {playing && <VideoPlayer video={playing} />}
      </AppModal>
    </Stack>
  );
}
