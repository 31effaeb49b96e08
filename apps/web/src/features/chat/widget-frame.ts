import { WIDGET_CLOSE_MESSAGE, WIDGET_FRAME_HASH } from '@atende/shared';
import { useEffect } from 'react';

/** This page is the popup of /widget.js on a merchant's site (packages/shared/src/widget.ts), not a link or an iframe snippet. */
export function inWidgetFrame(): boolean {
  return window.parent !== window && window.location.hash === WIDGET_FRAME_HASH;
}

/**
 * In the widget's popup, Escape closes it: the focus is inside this frame, so the widget cannot hear the key
 * itself; the page asks it (the widget checks the message comes from its own frame and the chat's origin).
 */
export function useEscapeClosesWidget(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) window.parent.postMessage(WIDGET_CLOSE_MESSAGE, '*');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
