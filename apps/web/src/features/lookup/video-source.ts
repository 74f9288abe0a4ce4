/**
 * How-to videos are operator content: a YouTube page, an embed URL or a plain video file.
 * YouTube page links are turned into their embed form so they play inside the modal.
 */
export type VideoSource = { kind: 'iframe'; src: string } | { kind: 'file'; src: string };

const DIRECT_FILE = /\.(mp4|webm|ogg|ogv|mov|m4v)(\?.*)?$/i;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtu.be') return url.pathname.slice(1) || null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const match = /^\/(?:shorts|live)\/([^/?#]+)/.exec(url.pathname);
  return match?.[1] ?? null;
}

export function videoSource(raw: string): VideoSource {
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return { kind: 'file', src: raw };
  }
  if (DIRECT_FILE.test(url.pathname)) return { kind: 'file', src: raw };
  const id = youtubeId(url);
  if (id) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${id}` };
  return { kind: 'iframe', src: raw };
}
