import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/Logo';

const linkClass = 'text-slate-600 hover:text-slate-900 hover:underline';

/** docs/product.md §2 footer: /terms and /privacy, plus the site's own shortcuts. */
export function SiteFooter({ blogUrl }: { blogUrl: string }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600">Agentes de IA para o atendimento de pequenas e médias empresas.</p>
        </div>
        <FooterColumn title="Produto">
          <a href="#como-funciona" className={linkClass}>
            Como Funciona
          </a>
          <Link to="/plans" className={linkClass}>
            Planos
          </Link>
          <a href="#faq" className={linkClass}>
            FAQ
          </a>
        </FooterColumn>
        <FooterColumn title="Ajuda">
          <a href={blogUrl} className={linkClass}>
            Tutoriais
          </a>
          <a href="mailto:contato@atende.app" className={linkClass}>
            contato@atende.app
          </a>
        </FooterColumn>
        <FooterColumn title="Legal">
          <Link to="/terms" className={linkClass}>
            Termos de Uso
          </Link>
          <Link to="/privacy" className={linkClass}>
            Política de Privacidade
          </Link>
        </FooterColumn>
      </div>
      <p className="border-t border-slate-200 px-4 pt-6 pb-24 text-center text-sm text-slate-600 sm:pb-6">© {new Date().getFullYear()} Atende. Todos os direitos reservados.</p>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 flex flex-col items-start gap-2 text-sm">{children}</div>
    </div>
  );
}
