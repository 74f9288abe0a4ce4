import { describe, expect, it } from 'vitest';
import { videoSource } from './video-source';

describe('videoSource', () => {
  it('plays a YouTube page link in an embedded player', () => {
    expect(videoSource('https://www.youtube.com/watch?v=abc123')).toEqual({
      kind: 'iframe',
      src: 'https://www.youtube-nocookie.com/embed/abc123',
    });
    expect(videoSource('https://youtu.be/xyz').src).toBe(
      'https://www.youtube-nocookie.com/embed/xyz',
    );
  });

  it('keeps an embed URL as an iframe', () => {
    expect(videoSource('https://player.example.com/embed/42')).toEqual({
      kind: 'iframe',
      src: 'https://player.example.com/embed/42',
    });
  });

  it('plays a direct video file in a video element', () => {
    expect(videoSource('https://cdn.example.com/howto/wallet.mp4?v=2')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/howto/wallet.mp4?v=2',
    });
  });
});
