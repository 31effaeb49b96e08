import { useEffect } from 'react';

const SITE_TITLE = 'Atende — Agentes de IA para atendimento';
/** The description the page was served with (index.html or public-chat.html): the default for every page. */
let servedDescription: string | undefined;

/** Sets or creates a <meta> tag in the head. */
function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * The page's title, description and their Open Graph twins. Without a
 * description the page gets the one its HTML was served with.
 */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    const fullTitle = title ? `${title} — Atende` : SITE_TITLE;
    servedDescription ??= document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    const text = description ?? servedDescription;
    document.title = fullTitle;
    setMeta('name', 'description', text);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', text);
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
  }, [title, description]);
}
