import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} — Atende` : 'Atende — Agentes de IA para atendimento';
  }, [title]);
}
