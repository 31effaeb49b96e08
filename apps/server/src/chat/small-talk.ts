// Not \b: it only knows ASCII word characters, so "olá\b" never matches at the end of "Olá".
const END = '(?=$|[\\s!,.?])';
const GREETING = new RegExp(
  `^\\s*(oi+|ol[aá]|opa|e a[ií]|bom dia|boa tarde|boa noite|hello|hi|hey|hola|buenas|buenos d[ií]as)${END}[\\s!,.?]*(tudo bem\\??)?\\s*[!.?]*\\s*$`,
  'i',
);
const THANKS = new RegExp(`^\\s*(muito\\s+)?(obrigad[oa]|valeu|agradeço|thanks|thank you|gracias)${END}`, 'i');
const BYE = new RegExp(`^\\s*(tchau|até (mais|logo)|bye|adeus)${END}`, 'i');

export type SmallTalk = 'greeting' | 'thanks' | 'bye';

/** A message that is only a greeting, a thank-you or a goodbye (no question in it). */
export function smallTalk(message: string): SmallTalk | null {
  if (GREETING.test(message)) return 'greeting';
  if (THANKS.test(message)) return 'thanks';
  if (BYE.test(message)) return 'bye';
  return null;
}

const GREETING_PREFIX = new RegExp(
  `^\\s*(oi+|ol[aá]|opa|e a[ií]|bom dia|boa tarde|boa noite|hello|hi|hey)${END}[\\s!,.]*(tudo bem\\??[\\s!,.]*)?`,
  'i',
);

/** The message without a greeting in front of the question ("Oi, boa tarde! Qual o horário?" → "Qual o horário?"). */
export function withoutGreeting(message: string): string {
  let text = message;
  for (let i = 0; i < 2; i++) text = text.replace(GREETING_PREFIX, '');
  return text.trim() || message;
}
