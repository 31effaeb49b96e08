import { useCallback, useEffect, useRef, useState } from 'react';

/** Copies text to the clipboard; `copied` is true for `ms` after a success (docs/product.md §9: 2 s). */
export function useCopy(ms = 2000) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (err) {
        // docs/product.md §8: clipboard failures are only logged.
        console.warn('Clipboard copy failed', err);
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), ms);
      return true;
    },
    [ms],
  );
  return { copied, copy };
}
