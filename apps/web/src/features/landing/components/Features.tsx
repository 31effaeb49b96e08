import { BookOpen, Clock, Code2, MessageCircle, MessagesSquare, ShieldCheck } from 'lucide-react';

const features = [
  { icon: Clock, title: 'Atende 24 horas por dia', text: 'Seu agente responde a qualquer hora, inclusive à noite, nos fins de semana e nos feriados.' },
  { icon: BookOpen, title: 'Conhece a sua empresa', text: 'Aprende com textos, links e arquivos de até 50 MB, e responde aos clientes com base neles.' },
  { icon: MessageCircle, title: 'WhatsApp Business', text: 'Conecte o agente ao número da sua empresa com as suas credenciais da API do WhatsApp na Meta.' },
  { icon: Code2, title: 'No seu site', text: 'Cole um código pronto: o chat dentro da página ou um botão flutuante no canto da tela.' },
  { icon: MessagesSquare, title: 'Conversas registradas', text: 'Leia o que seus clientes perguntam e descubra o que acrescentar à base de conhecimento.' },
  { icon: ShieldCheck, title: 'Dados protegidos', text: 'Em conformidade com a LGPD: credenciais criptografadas, arquivos privados e nenhum dado vendido.' },
];

export function Features() {
  return (
    <section aria-labelledby="recursos-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="recursos-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Tudo o que o seu atendimento precisa
          </h2>
          <p className="mt-4 text-lg text-slate-600">Um atendente que não tira férias e fala a língua do seu cliente.</p>
        </div>
        <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100" aria-hidden="true">
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
