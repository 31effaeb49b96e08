/**
 * The product's e-mails, in pt-BR: each builder returns the plain text and a simple HTML version of one
 * message. Links are absolute addresses on PUBLIC_URL (see `accountLinks`).
 */
import type { MailMessage } from './transport';

/** Addresses of the pages the e-mails point at. */
export function accountLinks(publicUrl: string) {
  return {
    login: `${publicUrl}/login`,
    register: `${publicUrl}/register`,
    dashboard: `${publicUrl}/dashboard`,
    forgotPassword: `${publicUrl}/forgot-password`,
    resetPassword: (token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  };
}

interface Recipient {
  to: string;
  /** The person's name; the greeting falls back to 'Olá!' without it. */
  name?: string | null;
}

/** How long a reset link is valid, in words ('1 hora', '30 minutos'). */
export function validityInWords(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes % 60 === 0) return minutes === 60 ? '1 hora' : `${minutes / 60} horas`;
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

export function passwordResetMessage(r: Recipient & { resetUrl: string; validFor: string }): MailMessage {
  return compose(r, 'Redefinição da sua senha do Atende', [
    'Recebemos um pedido para redefinir a senha da sua conta no Atende.',
    { label: 'Criar nova senha', url: r.resetUrl },
    `O link vale por ${r.validFor} e só pode ser usado uma vez.`,
    'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
  ]);
}

export function existingAccountMessage(r: Recipient & { loginUrl: string; forgotPasswordUrl: string }): MailMessage {
  return compose(r, 'Você já tem uma conta no Atende', [
    'Alguém (talvez você) tentou criar uma conta no Atende com este e-mail, mas você já tem uma conta com ele. Nenhuma conta nova foi criada.',
    { label: 'Entrar com minha senha', url: r.loginUrl },
    'Não lembra a senha? Redefina sua senha aqui:',
    { label: 'Redefinir minha senha', url: r.forgotPasswordUrl },
    'Se não foi você, ignore este e-mail: nada mudou na sua conta.',
  ]);
}

export function welcomeMessage(r: Recipient & { dashboardUrl: string; forgotPasswordUrl: string }): MailMessage {
  return compose(r, 'Sua conta no Atende está pronta', [
    'Sua conta no Atende foi criada com este e-mail. Crie seu primeiro agente, ensine a ele sobre a sua empresa e coloque-o para atender seus clientes.',
    { label: 'Abrir meu painel', url: r.dashboardUrl },
    `Não foi você quem criou esta conta? Redefina a senha em ${r.forgotPasswordUrl} e depois exclua a conta em 'Seus dados'.`,
  ]);
}

export function passwordChangedMessage(r: Recipient & { forgotPasswordUrl: string }): MailMessage {
  return compose(r, 'Sua senha do Atende foi alterada', [
    'A senha da sua conta no Atende acabou de ser alterada, e as outras sessões abertas foram encerradas.',
    'Se foi você, não precisa fazer nada.',
    'Se não foi você, redefina sua senha agora:',
    { label: 'Redefinir minha senha', url: r.forgotPasswordUrl },
  ]);
}

export function accountDeletedMessage(r: Recipient & { subscriptionCancelled: boolean; registerUrl: string }): MailMessage {
  return compose(r, 'Sua conta no Atende foi excluída', [
    'Como você pediu, sua conta no Atende foi excluída, com todos os seus agentes, arquivos, bases de conhecimento e conversas.',
    ...(r.subscriptionCancelled ? ['Sua assinatura foi cancelada no Mercado Pago: não haverá novas cobranças.'] : []),
    'Obrigado por ter usado o Atende. Se quiser voltar, é só criar uma conta nova:',
    { label: 'Criar conta', url: r.registerUrl },
  ]);
}

/** The account used `share` (0.8 or 1) of its monthly messages (issue 13, item 5). */
export function quotaWarningMessage(r: Recipient & { used: number; quota: number; planUrl: string }): MailMessage {
  const full = r.used >= r.quota;
  return compose(r, full ? 'Seus agentes atingiram o limite de mensagens do mês' : 'Seus agentes já usaram 80% das mensagens do mês', [
    full
      ? `Sua conta usou as ${r.quota.toLocaleString('pt-BR')} mensagens do plano neste mês. Até o limite renovar, seus clientes recebem uma mensagem de que o atendimento está indisponível — no site e no WhatsApp.`
      : `Sua conta já usou ${r.used.toLocaleString('pt-BR')} das ${r.quota.toLocaleString('pt-BR')} mensagens do plano neste mês. Quando o limite acabar, seus agentes param de responder até o mês seguinte.`,
    'Para continuar atendendo sem interrupção, você pode mudar de plano:',
    { label: 'Ver planos', url: r.planUrl },
  ]);
}

/** Mercado Pago refused a monthly charge of the subscription in use: the plan goes on for now, the owner must act. */
export function chargeRejectedMessage(r: Recipient & { planName: string; amount: string; planUrl: string }): MailMessage {
  return compose(r, `Não conseguimos cobrar a assinatura do plano ${r.planName}`, [
    `O Mercado Pago recusou a cobrança de ${r.amount} da sua assinatura do plano ${r.planName} no Atende.`,
    'Seu plano continua ativo por enquanto, e o Mercado Pago pode tentar cobrar de novo nos próximos dias. Se a assinatura for cancelada por falta de pagamento, sua conta volta para o plano Gratuito e os agentes além do limite dele são desativados.',
    'Confira o cartão da assinatura na sua conta do Mercado Pago (validade e limite). Você também pode assinar o plano de novo com outro cartão em “Meu plano”: a assinatura recusada é cancelada assim que o novo pagamento for aprovado.',
    { label: 'Ver meu plano', url: r.planUrl },
  ]);
}

/** What a plan gives, in words: '2 agentes ativos e 1.000 mensagens por mês'. `null` is unlimited. */
export function planAllowance(plan: { maxAgents: number | null; monthlyMessages: number | null }): string {
  const agents = plan.maxAgents === null ? 'agentes ilimitados' : `${plan.maxAgents} ${plan.maxAgents === 1 ? 'agente ativo' : 'agentes ativos'}`;
  const messages = plan.monthlyMessages === null ? 'mensagens ilimitadas' : `${plan.monthlyMessages.toLocaleString('pt-BR')} mensagens por mês`;
  return `${agents} e ${messages}`;
}

/**
 * Mercado Pago confirmed a subscription (the checkout authorized, or a paused subscription resumed): the plan that
 * was bought is active. `nextChargeOn`: the provider's next charge date (dd/mm/aaaa), when it told us.
 */
export function planActivatedMessage(
  r: Recipient & {
    planName: string;
    /** The monthly price, formatted ('R$ 149,00'). */
    amount: string;
    /** What the plan gives (planAllowance). */
    allowance: string;
    nextChargeOn: string | null;
    /** The plans whose subscription this one replaced and that were cancelled at Mercado Pago. */
    replacedPlans: string[];
    planUrl: string;
  },
): MailMessage {
  return compose(r, `Seu plano ${r.planName} está ativo`, [
    `O Mercado Pago confirmou a sua assinatura do plano ${r.planName}, de ${r.amount} por mês. Seu plano já está ativo, com ${r.allowance}.`,
    r.nextChargeOn
      ? `A próxima cobrança de ${r.amount} será em ${r.nextChargeOn}, no cartão que você cadastrou no Mercado Pago. Depois, a cobrança se repete todo mês.`
      : `As próximas cobranças de ${r.amount} serão feitas todo mês pelo Mercado Pago, no cartão que você cadastrou.`,
    ...r.replacedPlans.map((plan) => `A assinatura anterior, do plano ${plan}, foi cancelada no Mercado Pago: não haverá novas cobranças dela.`),
    'Em “Meu plano” você acompanha o uso do mês e os pagamentos, e pode mudar de plano ou cancelar quando quiser:',
    { label: 'Ver meu plano', url: r.planUrl },
  ]);
}

/**
 * The subscription paying for the plan ended: cancelled by the owner in 'Meu plano', cancelled at Mercado Pago (by
 * the payer, or by Mercado Pago after refused charges) or paused there. The account is on Gratuito from now on.
 */
export function planEndedMessage(
  r: Recipient & {
    planName: string;
    amount: string;
    how: 'cancelled_by_owner' | 'cancelled_at_provider' | 'paused_at_provider';
    /** The day the plan's resources ended (dd/mm/aaaa): today, a cancellation takes effect at once. */
    endedOn: string;
    freePlanName: string;
    /** What Gratuito gives (planAllowance). */
    freeAllowance: string;
    /** Agents switched off for being above Gratuito's limit. */
    deactivatedAgents: number;
    planUrl: string;
  },
): MailMessage {
  const paused = r.how === 'paused_at_provider';
  const n = r.deactivatedAgents;
  return compose(r, paused ? `Sua assinatura do plano ${r.planName} foi pausada` : `Sua assinatura do plano ${r.planName} foi cancelada`, [
    r.how === 'cancelled_by_owner'
      ? `Como você pediu em “Meu plano”, cancelamos a sua assinatura do plano ${r.planName} (${r.amount} por mês) no Mercado Pago. Não haverá novas cobranças.`
      : paused
        ? `O Mercado Pago nos avisou que a sua assinatura do plano ${r.planName} (${r.amount} por mês) foi pausada. Enquanto estiver pausada, não há cobranças.`
        : `O Mercado Pago nos avisou que a sua assinatura do plano ${r.planName} (${r.amount} por mês) foi cancelada — na sua conta do Mercado Pago ou pelo próprio Mercado Pago, por exemplo depois de cobranças recusadas. Não haverá novas cobranças dela.`,
    `Os recursos do plano ${r.planName} valeram até hoje, ${r.endedOn}: o fim da assinatura vale na hora, e o valor já pago neste mês não é devolvido. Sua conta voltou para o plano ${r.freePlanName}, com ${r.freeAllowance}.`,
    ...(n > 0
      ? [
          `${n === 1 ? '1 agente além do limite foi desativado' : `${n} agentes além do limite foram desativados`} — nenhum foi excluído. Em “Meus Agentes” você escolhe qual fica ativo.`,
        ]
      : []),
    paused
      ? `Para voltar ao plano ${r.planName}, reative a assinatura na sua conta do Mercado Pago ou assine de novo em “Meu plano”:`
      : `Para voltar ao plano ${r.planName}, é só assinar de novo em “Meu plano”:`,
    { label: 'Ver meu plano', url: r.planUrl },
  ]);
}

/** The public web chat's limits turned a visitor away for the first time today (issue 13, item 5). */
export function webLimitReachedMessage(r: Recipient & { agentName: string; settingsUrl: string }): MailMessage {
  return compose(r, `Limite de mensagens do chat atingido: ${r.agentName}`, [
    `Hoje, um visitante do chat público do agente “${r.agentName}” atingiu os limites de mensagens que protegem o seu plano, e as mensagens seguintes dele foram recusadas. Seus clientes do WhatsApp continuam sendo atendidos normalmente.`,
    'Se foi um cliente de verdade, você pode aumentar os limites do agente:',
    { label: 'Ver limites do chat', url: r.settingsUrl },
    'Enviamos no máximo um aviso destes por agente por dia.',
  ]);
}

/** A customer waits for a person (issue 16): the owner opens the conversation in 'Atendimentos'. */
export function handoffRequestedMessage(
  r: Recipient & {
    agentName: string;
    customer: string;
    channel: string;
    reason: 'asked' | 'unanswered';
    lastMessage: string;
    inboxUrl: string;
    /** The hour's last notice of the agent (inbox/notices.ts HANDOFF_NOTICES_PER_HOUR). */
    lastOfHour?: boolean;
  },
): MailMessage {
  return compose(r, `Um cliente quer falar com a sua equipe: ${r.customer}`, [
    r.reason === 'asked'
      ? `${r.customer} pediu para falar com uma pessoa no ${r.channel}, na conversa com o agente “${r.agentName}”.`
      : `O agente “${r.agentName}” não conseguiu responder ${r.customer} no ${r.channel} e chamou a sua equipe.`,
    `Última mensagem do cliente: “${r.lastMessage.slice(0, 300)}”`,
    'O agente avisou o cliente e parou de responder nessa conversa até alguém da equipe assumir ou o tempo de espera acabar.',
    ...(r.lastOfHour
      ? ['Para não lotar a sua caixa de entrada, este é o último aviso desta hora: quem mais pedir a sua equipe até o fim da hora aparece em Atendimentos, sem novo e-mail.']
      : []),
    { label: 'Abrir Atendimentos', url: r.inboxUrl },
  ]);
}

type Block = string | { label: string; url: string };

/** Greeting, paragraphs and links, signed by the team: the same content as text and as HTML. */
function compose(r: Recipient, subject: string, blocks: Block[]): MailMessage {
  const name = r.name?.trim();
  const greeting = name ? `Olá, ${name}!` : 'Olá!';
  const signature = 'Equipe Atende';
  const text = [greeting, ...blocks.map((b) => (typeof b === 'string' ? b : `${b.label}: ${b.url}`)), `— ${signature}`].join('\n\n');
  const body = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p style="margin:0 0 16px">${escapeHtml(b)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(b.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(b.label)}</a><br><span style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(b.url)}</span></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${body}
<p style="margin:24px 0 0;color:#475569">— ${signature}</p>
</div>
</body></html>`;
  return { to: r.to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface WeeklyAgentSummary {
  name: string;
  conversations: number;
  messages: number;
  answered: number;
  unanswered: number;
  handedOff: number;
  /** The questions asked most, with how many times. */
  topQuestions: Array<{ question: string; count: number }>;
  /** The questions the agent could not answer, most asked first. */
  unansweredQuestions: Array<{ question: string; count: number }>;
  /** The agent's Painel, where 'Ensinar resposta' is. */
  painelUrl: string;
}

/** The weekly summary (issue 17): per agent, the week's numbers, top questions and the unanswered ones to teach. */
export function weeklySummaryMessage(r: Recipient & { period: string; agents: WeeklyAgentSummary[] }): MailMessage {
  const n = (value: number) => value.toLocaleString('pt-BR');
  const times = (count: number) => (count === 1 ? '1 vez' : `${n(count)} vezes`);
  const blocks: Block[] = [`Este é o resumo dos seus agentes de ${r.period}.`];
  for (const a of r.agents) {
    const questions = a.answered + a.unanswered;
    const share = questions > 0 ? `${Math.round((a.answered / questions) * 100)}% das perguntas respondidas` : 'nenhuma pergunta';
    blocks.push(
      `${a.name}: ${n(a.conversations)} ${a.conversations === 1 ? 'conversa' : 'conversas'}, ${n(a.messages)} ${a.messages === 1 ? 'mensagem' : 'mensagens'} de clientes, ${share}${a.handedOff > 0 ? `, ${n(a.handedOff)} ${a.handedOff === 1 ? 'pedido' : 'pedidos'} para falar com uma pessoa` : ''}.`,
    );
    if (a.topQuestions.length > 0) blocks.push(`Mais perguntado: ${a.topQuestions.map((q) => `“${q.question}” (${times(q.count)})`).join('; ')}.`);
    if (a.unansweredQuestions.length > 0) {
      blocks.push(`Sem resposta: ${a.unansweredQuestions.map((q) => `“${q.question}” (${times(q.count)})`).join('; ')}. Ensine a resposta uma vez e o agente passa a responder:`);
      blocks.push({ label: `Ensinar respostas — ${a.name}`, url: a.painelUrl });
    }
  }
  blocks.push('Para não receber mais este resumo, desligue “Resumo semanal por e-mail” no Painel de qualquer agente.');
  return compose(r, `Resumo da semana dos seus agentes (${r.period})`, blocks);
}
