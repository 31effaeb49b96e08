import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button';
import { Logo } from '../../components/ui/Logo';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const steps = [
  { title: 'Crie seu agente', text: 'Dê um nome e descreva a personalidade do seu atendente virtual.' },
  { title: 'Ensine sua empresa', text: 'Adicione textos, arquivos e links com as informações do seu negócio.' },
  { title: 'Comece a atender', text: 'Compartilhe o link, coloque no seu site ou conecte ao WhatsApp.' },
];

export default function LandingPage() {
  useDocumentTitle('');
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Logo />
        <nav className="flex items-center gap-2 text-sm font-medium" aria-label="Principal">
          <a href="#como-funciona" className="hidden rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100 sm:block">
            Como Funciona
          </a>
          <Link to="/login" className={buttonClass('secondary')}>
            Entrar
          </Link>
        </nav>
      </header>
      <main>
        <section className="mx-auto max-w-4xl px-6 pb-16 pt-12 text-center sm:pt-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            Crie seu Agente de IA em minutos
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Um atendente virtual que conhece a sua empresa e responde seus clientes 24 horas por dia — por link, no seu
            site e no WhatsApp.
          </p>
          <Link to="/register" className={buttonClass('primary', 'mt-10 px-6 py-3 text-base')}>
            Comece já
          </Link>
        </section>
        <section id="como-funciona" className="bg-slate-50 py-16">
          <div className="mx-auto max-w-6xl px-6">
            <h2 className="text-center text-3xl font-bold text-slate-900">Como Funciona</h2>
            <ol className="mt-10 grid gap-6 sm:grid-cols-3">
              {steps.map((s, i) => (
                <li key={s.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                    {i + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{s.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-600">
        <p>© {new Date().getFullYear()} Atende</p>
        <p className="mt-2 space-x-4">
          <Link to="/terms" className="hover:underline">
            Termos de Uso
          </Link>
          <Link to="/privacy" className="hover:underline">
            Política de Privacidade
          </Link>
        </p>
      </footer>
    </div>
  );
}
