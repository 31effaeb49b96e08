import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { router } from './app/router';
import './index.css';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The app renders once the first page's lazy route has loaded. A prerendered page (the landing page,
// dist/landing.html) stays on screen until then, so the app replaces it in one commit instead of blanking it first;
// any other page has nothing to show before it either (and React Router would warn that no HydrateFallback was given).
if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}
