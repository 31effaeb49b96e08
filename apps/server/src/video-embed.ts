const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * The embeddable player address of a YouTube or Vimeo video, on the two hosts
 * the Content-Security-Policy lets the site frame (YouTube's privacy-enhanced
 * youtube-nocookie.com, player.vimeo.com). Anything else → undefined.
 */
export function videoEmbedUrlOf(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) {
    const id =
      host === 'youtu.be'
        ? segments[0]
        : segments[0] === 'watch' || segments.length === 0
          ? url.searchParams.get('v')
          : ['embed', 'shorts', 'live'].includes(segments[0]!)
            ? segments[1]
            : undefined;
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
  }

  if (VIMEO_HOSTS.has(host)) {
    const [id, hash] = host === 'player.vimeo.com' ? (segments[0] === 'video' ? [segments[1]] : []) : segments;
    if (!id || !/^\d+$/.test(id)) return undefined;
    // Unlisted videos carry a privacy hash (vimeo.com/{id}/{hash} or ?h={hash}).
    const h = url.searchParams.get('h') ?? hash;
    return `https://player.vimeo.com/video/${id}${h && /^[\da-f]+$/i.test(h) ? `?h=${h}` : ''}`;
  }
  return undefined;
}
