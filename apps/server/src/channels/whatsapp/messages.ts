/** pt-BR texts of the WhatsApp channel: what customers receive and what merchants read. */

/** Sent to customers who send audio, images, stickers… (once in a row, not after every picture). */
export const TEXT_ONLY_NOTICE =
  'Olá! Por enquanto eu só consigo entender mensagens de texto. Pode me escrever sua dúvida? Assim eu te ajudo rapidinho. 😊';

/** Put before the answer to a caption: what was not read (the picture, the video, the file). */
export function captionNotice(label: string): string {
  const what = { Imagem: 'imagens', Vídeo: 'vídeos', Documento: 'arquivos' }[label] ?? 'anexos';
  return `Ainda não consigo abrir ${what}, então li só o texto que veio junto. 😊`;
}

/** Sent when the AI provider failed on this message (the runtime already logged and flagged it). */
export const APOLOGY_NOTICE =
  'Desculpe, não consegui responder agora. Por favor, envie sua mensagem novamente em alguns minutos.';

/** Verification results shown in 'Falha na verificação' and, for stored credentials, on the agent. */
export const verificationErrors = {
  token: 'Token da Meta inválido ou expirado. Gere um novo token no painel da Meta (WhatsApp → Configuração da API) e informe-o no campo Token da Meta.',
  phoneNumberId: 'ID do Telefone não encontrado ou sem acesso com este token. Confira o ID no painel do WhatsApp Business.',
  permission: 'O token não tem permissão para usar este número (whatsapp_business_messaging e whatsapp_business_management).',
  unreachable: 'Não foi possível contactar a API do WhatsApp. Tente novamente em instantes.',
  unreadable: 'As credenciais salvas não puderam ser lidas. Informe o Token da Meta novamente.',
  rejected: (reason: string) => `A Meta recusou a verificação: ${reason}`,
  appSecret:
    'Informe a Chave Secreta do Aplicativo (App Secret): no painel de desenvolvedores da Meta, abra o seu app → Configurações do app → Básico → Chave Secreta do Aplicativo → Mostrar.',
  appSecretMissing:
    'Falta a Chave Secreta do Aplicativo (App Secret): sem ela as mensagens do WhatsApp são recusadas, porque não dá para saber se vêm da Meta. Informe-a em Configurar WhatsApp.',
} as const;

/** The agent's error line when the stored configuration fails. */
export const configurationProblem = (reason: string) => `WhatsApp: ${reason}`;
