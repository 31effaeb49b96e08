import { MessageCircle, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';

export interface SupportChatControl {
  isOpen: boolean;
  /** Opened at least once: the frame then stays, keeping the conversation. */
  hasOpened: boolean;
  /** Opens the chat; focus goes back to `trigger` when it closes. */
  open(trigger: HTMLElement): void;
  close(): void;
}

export function useSupportChat(): SupportChatControl {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = useCallback((trigger: HTMLElement) => {
    returnFocus.current = trigger;
    setOpen(true);
    setHasOpened(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    returnFocus.current?.focus();
  }, []);
  return { isOpen, hasOpened, open, close };
}

/**
 * docs/product.md §2/§9: the floating 'Atendimento' button and a 400×600 frame with the
 * public chat of the product's own support agent (full screen at 480 px wide
 * or less). The frame is created on first open and kept, so the conversation
 * survives closing it. Esc closes it from anywhere, inside the frame too
 * (same origin).
 */
export function SupportChat({ webhookId, chat }: { webhookId: string; chat: SupportChatControl }) {
  const { isOpen, hasOpened, open, close } = chat;
  const panelId = useId();
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    frameRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);

  /** Keys pressed inside the chat stay in the frame's own window: listen there too, once its page has loaded. */
  function onFrameLoad(event: SyntheticEvent<HTMLIFrameElement>) {
    event.currentTarget.contentWindow?.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') close();
    });
  }

  return (
    <>
      <button
        type="button"
        className="fixed right-4 bottom-4 z-40 inline-flex h-14 min-w-14 items-center justify-center gap-2 rounded-full bg-brand-600 text-base font-semibold text-white shadow-lg shadow-brand-600/30 transition-colors hover:bg-brand-700 sm:right-6 sm:bottom-6 sm:pr-5 sm:pl-4"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={(event) => (isOpen ? close() : open(event.currentTarget))}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
        <span className="max-sm:sr-only">Atendimento</span>
      </button>
      <div
        id={panelId}
        role="dialog"
        aria-label="Atendimento Atende"
        hidden={!isOpen}
        className="fixed right-4 bottom-22 z-50 flex h-[600px] max-h-[calc(100dvh-7rem)] w-[400px] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 sm:right-6 sm:bottom-24 max-[480px]:inset-0 max-[480px]:h-full max-[480px]:max-h-none max-[480px]:w-full max-[480px]:max-w-none max-[480px]:rounded-none"
      >
        {hasOpened && (
          <iframe
            ref={frameRef}
            src={`/public-chat/${encodeURIComponent(webhookId)}`}
            title="Chat com o Atendimento Atende"
            className="block size-full flex-1 border-0"
            onLoad={onFrameLoad}
          />
        )}
        <button
          type="button"
          className="absolute top-3 right-3 grid size-9 place-items-center rounded-full bg-slate-900/40 text-white transition-colors hover:bg-slate-900/60 focus-visible:outline-white"
          aria-label="Fechar atendimento"
          onClick={close}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </>
  );
}
