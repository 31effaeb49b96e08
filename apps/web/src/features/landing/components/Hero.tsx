import { ArrowRight, Check, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';

const promises = ['Comece grátis, sem cartão', 'Pronto em minutos', 'Cancele quando quiser'];

/** docs/product.md §2 hero: 'Crie seu Agente de IA em minutos' and 'Comece já' → sign-up (issue 15: the plan can be chosen later). */
export function Hero({ onTryAgent }: { onTryAgent?: (trigger: HTMLElement) => void }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <span className="size-2 rounded-full bg-green-600" aria-hidden="true" />
            Atendimento com IA 24 horas por dia
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Crie seu Agente de IA em minutos
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0">
            Um atendente virtual que aprende com os textos, arquivos e links da sua empresa e responde seus clientes a
            qualquer hora — por link, no seu site e no WhatsApp.
          </p>
          <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start">
            <Link to="/register" className={buttonClass('primary', 'px-6 py-3 text-base')}>
              Comece já <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
            {onTryAgent && (
              <button
                type="button"
                className={buttonClass('secondary', 'px-6 py-3 text-base')}
                onClick={(event) => onTryAgent(event.currentTarget)}
              >
                <MessageCircle className="size-4 text-brand-600" aria-hidden="true" /> Converse com o nosso agente
              </button>
            )}
          </div>
          <ul className="mt-8 flex flex-col items-center gap-2 text-sm text-slate-600 sm:flex-row sm:justify-center sm:gap-5 lg:justify-start">
            {promises.map((text) => (
              <li key={text} className="flex items-center gap-1.5 whitespace-nowrap">
                <Check className="size-4 shrink-0 text-green-700" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <ChatPreview />
      </div>
    </section>
  );
}

const conversation: Array<{ from: 'customer' | 'agent'; text: string }> = [
  { from: 'customer', text: 'Oi! Vocês fazem bolo de aniversário por encomenda?' },
  { from: 'agent', text: 'Fazemos, sim! Os bolos são feitos com 48 horas de antecedência, a partir de R$ 89. Quer ver os sabores?' },
  { from: 'customer', text: 'Quero! E vocês entregam no sábado?' },
  { from: 'agent', text: 'Entregamos aos sábados, das 9h às 14h. É só me dizer o bairro que eu confirmo a taxa.' },
];

/** An illustration made of markup (no image to download): a merchant's agent answering from its knowledge. */
function ChatPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md">
      {/* A soft glow drawn with a gradient, not a blur filter: cheap to paint on the first frame. */}
      <div
        className="absolute -inset-10 bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)]"
        aria-hidden="true"
      />
      <div className="relative overflow-hidden rounded-2xl bg-white shadow-2xl shadow-brand-600/10 ring-1 ring-slate-200">
        <div className="flex items-center gap-3 bg-brand-600 px-4 py-3 text-white">
          <span className="grid size-9 place-items-center rounded-full bg-white/15 font-semibold" aria-hidden="true">
            P
          </span>
          <div>
            <p className="text-sm leading-tight font-semibold">Padaria Pão Dourado</p>
            <p className="text-xs text-brand-100">Agente de IA · responde na hora</p>
          </div>
        </div>
        <ol className="space-y-3 bg-slate-50 px-4 py-5 text-sm">
          {conversation.map((message) => (
            <li
              key={message.text}
              className={
                message.from === 'customer'
                  ? 'ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-3.5 py-2.5 text-white'
                  : 'max-w-[85%] rounded-2xl rounded-bl-md bg-white px-3.5 py-2.5 text-slate-800 shadow-sm ring-1 ring-slate-200'
              }
            >
              <span className="sr-only">{message.from === 'customer' ? 'Cliente: ' : 'Agente: '}</span>
              {message.text}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2 border-t border-slate-200 px-4 py-3 text-xs font-medium text-slate-700">
          {['Link de chat', 'No seu site', 'WhatsApp'].map((channel) => (
            <span key={channel} className="rounded-full bg-slate-100 px-2.5 py-1">
              {channel}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="relative mt-4 text-center text-sm text-slate-600">
        Exemplo: o agente de uma padaria respondendo com o conhecimento da loja.
      </figcaption>
    </figure>
  );
}
