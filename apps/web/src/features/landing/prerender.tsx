import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import LandingPage from './LandingPage';

export { LANDING_DESCRIPTION } from './meta';

/**
 * The landing page as static HTML, written into dist/landing.html at build
 * time (vite.config.ts) and served for `/`: the hero is painted before any
 * script runs, then the app takes over (main.tsx).
 */
export function render(): string {
  return renderToString(
    <StaticRouter location="/">
      <LandingPage />
    </StaticRouter>,
  );
}
