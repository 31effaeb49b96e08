import { lazy, Suspense } from 'react';

// The markdown renderer is the heaviest part of the chat: it is not part of the first load. It loads when it is
// first needed (or earlier, through preloadMarkdown); until it arrives, or if it cannot be loaded, text shows plain.
const PlainText = ({ children }: { children: string }) => <p className="whitespace-pre-wrap break-words">{children}</p>;
const load = () => import('./ChatMarkdown').catch(() => ({ default: PlainText }));
const ChatMarkdown = lazy(load);

/** Starts loading the renderer (e.g. when the visitor focuses the message field), so a reply never flashes raw. */
export function preloadMarkdown() {
  void load();
}

/** An agent's reply rendered as safe markdown (no raw HTML, checked links, images as links). */
export function Markdown({ children }: { children: string }) {
  return (
    <Suspense fallback={<PlainText>{children}</PlainText>}>
      <ChatMarkdown>{children}</ChatMarkdown>
    </Suspense>
  );
}
