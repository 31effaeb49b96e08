import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicChat } from './features/chat/PublicChat';
import './index.css';

/**
 * Entry of the standalone public chat page (/public-chat/{webhookId}): served
 * by the server instead of the app's index.html so customers, and the frames
 * on merchants' sites, download only React and the chat — no router, auth or
 * dashboard code.
 */
const match = /^\/public-chat\/([^/]+)\/?$/.exec(window.location.pathname);
const webhookId = match ? decodeURIComponent(match[1]!) : undefined;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicChat webhookId={webhookId} />
  </StrictMode>,
);
