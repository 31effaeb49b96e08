import { Bot, FileText, Share2 } from 'lucide-react';

const steps = [
  {
    icon: Bot,
    title: 'Crie seu agente',
    text: 'Dê um nome ao seu atendente virtual e descreva a personalidade dele: o tom de voz, o que ele deve oferecer e como tratar seus clientes.',
  },
  {
    icon: FileText,
    title: 'Adicione o conhecimento',
    text: 'Escreva sobre a empresa, cole links do seu site e envie arquivos PDF, Word, Excel, CSV ou TXT. O agente responde com base neles.',
  },
  {
    icon: Share2,
    title: 'Comece a atender',
    text: 'Compartilhe o link do chat, coloque o chat no seu site com um código pronto ou conecte o agente ao WhatsApp da sua empresa.',
  },
];

/** docs/product.md §2: the three steps (create the agent, add knowledge, use it by link, website or WhatsApp). */
export function HowItWorks() {
  return (
    <section id="como-funciona" aria-labelledby="como-funciona-title" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Três passos</p>
          <h2 id="como-funciona-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Como Funciona
          </h2>
          <p className="mt-4 text-lg text-slate-600">Do cadastro ao primeiro atendimento, sem precisar programar.</p>
        </div>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8">
              <div className="flex items-center gap-4">
                <span className="grid size-12 place-items-center rounded-xl bg-brand-600 text-white shadow-sm" aria-hidden="true">
                  <Icon className="size-6" />
                </span>
                <span className="text-sm font-semibold text-brand-700">Passo {i + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
