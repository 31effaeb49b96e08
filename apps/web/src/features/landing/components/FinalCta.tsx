import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';

export function FinalCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-white px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-slate-900 px-6 py-14 text-center sm:px-12 sm:py-16">
        <div
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-brand-600),transparent_60%)] opacity-60"
          aria-hidden="true"
        />
        <div className="relative">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            Seus clientes atendidos a qualquer hora
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-200">
            Crie agora o seu agente de IA. Comece no plano gratuito e assine quando o atendimento crescer.
          </p>
          <Link to="/register?plan=free" className={buttonClass('secondary', 'mt-8 px-6 py-3 text-base ring-0 focus-visible:outline-white')}>
            Começar grátis
          </Link>
        </div>
      </div>
    </section>
  );
}
