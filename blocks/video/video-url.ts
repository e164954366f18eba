/** A YouTube or Vimeo video, as the video block links to it. */
export interface ProviderVideo {
  provider: 'YouTube' | 'Vimeo';
  id: string;
  /** The provider's own page for the video, where the visitor plays it. */
  watchUrl: string;
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youtubeId(url: URL): string | undefined {
  if (url.hostname === 'youtu.be') return url.pathname.split('/')[1];
  if (!YOUTUBE_HOSTS.has(url.hostname)) return undefined;
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? undefined;
  const [, kind, id] = url.pathname.split('/');
  return kind && ['embed', 'shorts', 'live', 'v'].includes(kind) ? id : undefined;
}

function vimeoId(url: URL): string | undefined {
  if (!VIMEO_HOSTS.has(url.hostname)) return undefined;
  // vimeo.com/76979871, vimeo.com/channels/staffpicks/76979871, player.vimeo.com/video/76979871
  return url.pathname.split('/').filter(Boolean).find((part) => VIMEO_ID.test(part));
}

/**
 * The provider and id of a YouTube or Vimeo link (the URL an owner pastes, oEmbed style),
 * or undefined for anything else. Only https and http links of those hosts count.
 * @example providerVideo('https://youtu.be/dQw4w9WgXcQ')?.watchUrl === 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
 */
export function providerVideo(link: string): ProviderVideo | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const youtube = youtubeId(url);
  if (youtube !== undefined) return YOUTUBE_ID.test(youtube) ? { provider: 'YouTube', id: youtube, watchUrl: `https://www.youtube.com/watch?v=${youtube}` } : undefined;
  const vimeo = vimeoId(url);
  return vimeo ? { provider: 'Vimeo', id: vimeo, watchUrl: `https://vimeo.com/${vimeo}` } : undefined;
}
