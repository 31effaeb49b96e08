import { ALLOWED_EXTENSIONS, MAX_FILE_BYTES, planIds, plans } from '@atende/shared';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const inlineLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600';
const list = (items: string[]) => `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
const extensions = list(ALLOWED_EXTENSIONS.map((e) => e.toUpperCase()));
const maxMb = Math.round(MAX_FILE_BYTES / (1024 * 1024));
const prices = list(
  planIds.map((id) => {
    const { name, priceBrl } = plans[id];
    return priceBrl === null ? `${name} sob consulta` : `${name} R$ ${priceBrl}/mês`;
  }),
);

/** Six questions, answered with what the product really does (docs/product.md §2, §9). */
const questions: Array<{ question: string; answer: ReactNode }> = [
  {
    question: 'Quais arquivos posso usar para ensinar o agente?',
    answer: (
      <p>
        Você pode enviar arquivos {extensions}, com até {maxMb} MB cada. Também pode escrever textos sobre a empresa e
        adicionar links de páginas do seu site: o Atende lê o conteúdo e o agente passa a responder com base nele.
      </p>
    ),
  },
  {
    question: 'Como funciona a integração com o WhatsApp?',
    answer: (
      <p>
        O agente é conectado à API do WhatsApp Business da Meta com as credenciais da sua própria empresa (token da Meta
        e ID do telefone). O Atende verifica as credenciais e mostra a URL do webhook e o token de verificação para você
        cadastrar no aplicativo da Meta. O número e a conta do WhatsApp continuam sendo seus.
      </p>
    ),
  },
  {
    question: 'Quanto custa?',
    answer: (
      <p>
        Os planos são: {prices}. O plano {plans.free.name} inclui {plans.free.maxAgents} agente e {plans.free.monthlyMessages} mensagens por mês; os pagos aumentam os limites
        e são cobrados mensalmente pelo Mercado Pago, com cancelamento quando quiser. Compare tudo na página de{' '}
        <Link to="/plans" className={inlineLink}>
          planos
        </Link>
        .
      </p>
    ),
  },
  {
    question: 'O agente usa inteligência artificial de verdade?',
    answer: (
      <p>
        Sim: quando a IA está configurada na plataforma, o agente responde com IA de última geração, usando o
        conhecimento da sua empresa e o histórico da conversa. Sem uma chave de IA, ele funciona no modo offline:
        responde com o trecho mais relevante da sua base de conhecimento, indicando a fonte, faz contas e diz com
        honestidade quando não encontra a resposta, sem inventar.
      </p>
    ),
  },
  {
    question: 'Preciso saber programar?',
    answer: (
      <p>
        Não. Você cria e configura o agente pelo painel. Para o seu site, basta copiar e colar um código pronto — o chat
        dentro da página ou um botão flutuante — e o link do chat pode ser enviado para qualquer cliente.
      </p>
    ),
  },
  {
    question: 'Meus dados e os dos meus clientes estão protegidos?',
    answer: (
      <p>
        Sim. Tratamos dados pessoais de acordo com a LGPD: as senhas são guardadas apenas como hash, as credenciais do
        WhatsApp ficam criptografadas e os arquivos ficam em armazenamento privado. Não vendemos dados nem usamos as
        conversas para publicidade. Saiba mais na nossa{' '}
        <Link to="/privacy" className={inlineLink}>
          Política de Privacidade
        </Link>
        .
      </p>
    ),
  },
];

/** docs/product.md §2 FAQ: native disclosure widgets (keyboard and screen-reader friendly, no script). */
export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <div className="text-center">
          <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Perguntas frequentes
          </h2>
          <p className="mt-4 text-lg text-slate-600">Tudo o que você precisa saber antes de criar o seu agente.</p>
        </div>
        <div className="mt-12 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
          {questions.map(({ question, answer }) => (
            <details key={question} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <div className="pb-5 leading-7 text-slate-600">{answer}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
