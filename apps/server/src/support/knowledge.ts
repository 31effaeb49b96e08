import { ALLOWED_EXTENSIONS, MAX_FILE_BYTES, planIds, plans, type KnowledgeBaseInput, type Plan } from '@atende/shared';

/*
 * The support agent's knowledge: the product FAQ, the plans (from the shared
 * plan table, so a price change reaches the agent at the next start) and the
 * how-to. Written as one statement per sentence, without headings or
 * questions: the offline responder answers with the single sentence that
 * best covers the visitor's question, so "quanto custa o plano Pro?" must find
 * "O plano Pro custa R$289 por mês." and nothing that merely repeats the question.
 */

const count = (n: number) => n.toLocaleString('pt-BR');
const price = (plan: Plan) => (plan.priceBrl === null ? 'sob consulta' : `R$${plan.priceBrl}`);

function planSentences(plan: Plan): string[] {
  const agents = plan.maxAgents === null ? 'agentes ilimitados' : `${plan.maxAgents} ${plan.maxAgents === 1 ? 'agente' : 'agentes'} de IA`;
  const messages = plan.monthlyMessages === null ? 'mensagens ilimitadas' : `${count(plan.monthlyMessages)} mensagens por mês`;
  const cost =
    plan.priceBrl === null
      ? `O plano ${plan.name} custa um valor sob consulta, combinado com a nossa equipe de vendas.`
      : `O plano ${plan.name} custa ${price(plan)} por mês.`;
  return [cost, `O plano ${plan.name} inclui ${agents} e ${messages}, com ${plan.support.charAt(0).toLowerCase()}${plan.support.slice(1)}.`];
}

/** Plans and prices: kept under one chunk, so the summary sentences come first for questions about "os planos". */
function plansParagraph(): string {
  const all = planIds.map((id) => plans[id]);
  const popular = all.find((p) => p.popular);
  const summary = all.map((p) => `${p.name} ${price(p)}`);
  return [
    `O Atende tem ${all.length} planos: ${all.map((p) => p.name).join(', ').replace(/, ([^,]*)$/, ' e $1')}.`,
    `Preço por mês de cada plano: ${summary.slice(0, -1).join(', ')} e ${summary.at(-1)}.`,
    ...all.flatMap(planSentences),
    ...(popular ? [`O plano mais popular é o ${popular.name}.`] : []),
  ].join('\n');
}

const SUBSCRIPTION = [
  'A assinatura dos planos pagos é mensal, cobrada pelo Mercado Pago, e pode ser cancelada quando você quiser em Meu plano.',
  'Você pode começar grátis e mudar de plano a qualquer momento na página Planos do site.',
  'Para o plano Enterprise, escolha Falar com Vendas na página Planos.',
  'Quando as mensagens do mês acabam, o agente avisa o cliente com educação que não pode responder no momento, e o limite renova no início do mês seguinte.',
].join('\n');

const extensions = ALLOWED_EXTENSIONS.map((e) => e.toUpperCase());
const maxMb = Math.round(MAX_FILE_BYTES / (1024 * 1024));

const ABOUT = [
  'O Atende é uma plataforma brasileira para criar agentes de IA que atendem os clientes da sua empresa 24 horas por dia.',
  'Cada agente responde com o conhecimento da sua empresa: textos, arquivos e links que você adiciona.',
  'O agente atende por um link de chat público, no seu site (incorporado na página ou como botão flutuante) e no WhatsApp.',
  'O agente também faz contas com uma calculadora, para preços, descontos e totais.',
].join('\n');

const HOW_TO = [
  'Para criar um agente no Atende são quatro passos: criar a conta, criar o agente em Meus Agentes, adicionar o conhecimento da empresa e começar a atender pelo link, pelo site ou pelo WhatsApp.',
  'Passo 1: crie sua conta em Comece já ou em Planos, escolhendo o plano Gratuito ou um plano pago.',
  'Passo 2: no painel, em Meus Agentes, clique em Criar novo agente e dê um nome ao agente.',
  'Passo 3: defina a personalidade do agente em Configurar inteligência e adicione o conhecimento da empresa: textos, arquivos e links.',
  'Passo 4: comece a atender compartilhando o link do chat, colando o código de integração no seu site ou conectando o WhatsApp.',
  'Para colocar o agente no seu site, copie o código de integração do agente e cole no HTML da página.',
  'O código de integração tem duas opções: Integração Básica, que mostra o chat dentro da página, e Chat Popup, um botão flutuante no canto inferior direito do site.',
  'Em Conversas você lê tudo o que os clientes conversaram com cada agente.',
].join('\n');

const FILES = [
  `Os tipos de arquivo aceitos na base de conhecimento são ${extensions.slice(0, -1).join(', ')} e ${extensions.at(-1)}, com tamanho máximo de ${maxMb} MB por arquivo.`,
  'Além de arquivos, você pode escrever textos sobre a empresa e adicionar links de páginas, que o Atende lê e indexa.',
  'Planilhas do Excel (XLS e XLSX) e arquivos CSV são aceitos e lidos linha a linha, então o agente responde preços e produtos de uma tabela.',
].join('\n');

const WHATSAPP = [
  'Para usar o WhatsApp, você conecta o agente à API do WhatsApp Business da Meta (WhatsApp Cloud API) com as suas próprias credenciais: o token da Meta e o ID do telefone.',
  'No aplicativo da Meta, você cadastra a URL do webhook e o token de verificação que o Atende mostra na configuração do WhatsApp do agente.',
  'O Atende não vende números de WhatsApp: a conta do WhatsApp Business e o número são da sua empresa, na Meta.',
  'No WhatsApp, o agente responde com o mesmo conhecimento e a mesma personalidade do chat do site.',
].join('\n');

const AI_MODES = [
  'Quando a IA está configurada, o agente responde com IA de última geração, usando o conhecimento da sua empresa e o histórico da conversa.',
  'A IA do Atende usa modelos compatíveis com a API da OpenAI (como os modelos GPT), conforme a configuração da plataforma.',
  'Sem uma chave de IA configurada, o agente funciona no modo offline: responde com o trecho mais relevante da base de conhecimento e indica a fonte.',
  'No modo offline o agente também cumprimenta, faz contas e diz com honestidade quando não encontra a resposta, sem inventar.',
].join('\n');

const PRIVACY = [
  'O Atende trata dados pessoais de acordo com a LGPD, a Lei Geral de Proteção de Dados.',
  'Seus dados ficam seguros: as senhas são guardadas apenas como hash, as credenciais do WhatsApp ficam criptografadas e os arquivos ficam em armazenamento privado.',
  'Não vendemos dados pessoais e não usamos as conversas nem o conteúdo dos clientes para publicidade.',
  'Os detalhes estão na Política de Privacidade e nos Termos de Uso, no rodapé do site.',
  'Para falar com uma pessoa da equipe (atendimento humano), escreva para contato@atende.app.',
].join('\n');

/** The support agent's knowledge base. */
export function supportKnowledge(): KnowledgeBaseInput {
  return {
    // No company name: knowledgeText() would add an 'Empresa: Atende' line, the offline answer to "o que é o Atende?".
    companyName: '',
    about: [ABOUT, plansParagraph(), SUBSCRIPTION, HOW_TO, FILES, WHATSAPP, AI_MODES, PRIVACY].join('\n\n'),
    links: '',
  };
}
