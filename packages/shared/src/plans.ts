import type { Plan } from './billing';

/**
 * The plan table (docs/product.md §9) — data shared by the pricing page, the dashboard and
 * the server's limits. `null` means unlimited.
 */
export const planIds = ['free', 'essencial', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Gratuito',
    priceBrl: 0,
    maxAgents: 1,
    monthlyMessages: 100,
    support: 'Suporte por e-mail',
    features: [
      '1 agente de IA',
      '100 mensagens por mês',
      'Link de chat, chat no seu site e WhatsApp',
      'Base de conhecimento com arquivos',
      'Suporte por e-mail',
    ],
    purchasable: false,
  },
  essencial: {
    id: 'essencial',
    name: 'Essencial',
    priceBrl: 149,
    maxAgents: 2,
    monthlyMessages: 1000,
    support: 'Suporte prioritário',
    features: [
      '2 agentes de IA',
      '1.000 mensagens por mês',
      'Link de chat, chat no seu site e WhatsApp',
      'Base de conhecimento com arquivos',
      'Suporte prioritário',
    ],
    popular: true,
    purchasable: true,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceBrl: 289,
    maxAgents: 5,
    monthlyMessages: 6000,
    support: 'Suporte 24/7',
    features: [
      '5 agentes de IA',
      '6.000 mensagens por mês',
      'Link de chat, chat no seu site e WhatsApp',
      'Base de conhecimento com arquivos',
      'Suporte 24/7',
    ],
    purchasable: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceBrl: null,
    maxAgents: null,
    monthlyMessages: null,
    support: 'Atendimento dedicado',
    features: ['Agentes ilimitados', 'Mensagens ilimitadas', 'Integrações sob medida', 'Atendimento dedicado'],
    purchasable: false,
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

/** Resolves any stored or requested plan name to a plan; unknown values fall back to free (docs/product.md §9). */
export function resolvePlan(value: unknown): Plan {
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return isPlanId(key) ? plans[key] : plans.free;
}
