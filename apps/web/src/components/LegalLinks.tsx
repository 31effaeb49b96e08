import { Link } from 'react-router';

/** "Termos de Uso · Política de Privacidade", the footer of pages outside the dashboard. */
export function LegalLinks({ linkClassName }: { linkClassName: string }) {
  return (
    <>
      <Link to="/terms" className={linkClassName}>
        Termos de Uso
      </Link>
      <span aria-hidden="true"> · </span>
      <Link to="/privacy" className={linkClassName}>
        Política de Privacidade
      </Link>
    </>
  );
}
