/** The landing page's meta description (set at runtime and written into the prerendered HTML). */
export const LANDING_DESCRIPTION =
  'Crie em minutos um agente de IA que atende seus clientes 24 horas por dia no seu site, por link e no WhatsApp, com o conhecimento da sua empresa. Comece grátis.';
