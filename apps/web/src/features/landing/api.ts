import { useEffect, useState } from 'react';

/** GET /api/public-config: the only settings the browser receives (never secrets). */
export interface PublicConfig {
  /** The 'Tutoriais' link. */
  blogUrl: string;
  /** Embeddable YouTube (youtube-nocookie) or Vimeo player URL of the explainer video. */
  videoUrl: string | null;
  /** Public id of the product's own support agent. */
  supportWebhookId: string | null;
}

/** What the page shows while the configuration loads, or when the server cannot be reached. */
export const FALLBACK_CONFIG: PublicConfig = { blogUrl: 'https://blog.atende.app', videoUrl: null, supportWebhookId: null };

let request: Promise<PublicConfig> | undefined;

/** Fetched once per page load (plain fetch: the landing page stays free of the data libraries). */
function loadPublicConfig(): Promise<PublicConfig> {
  request ??= fetch('/api/public-config', { headers: { Accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json() as Promise<PublicConfig>;
    })
    .catch((err: unknown) => {
      console.error('Could not load the public configuration', err);
      request = undefined; // try again on the next visit
      return FALLBACK_CONFIG;
    });
  return request;
}

/** The public configuration; undefined while it loads. */
export function usePublicConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState<PublicConfig>();
  useEffect(() => {
    let alive = true;
    void loadPublicConfig().then((loaded) => {
      if (alive) setConfig(loaded);
    });
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
