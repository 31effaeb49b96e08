/**
 * A public chat session id is the only thing that opens a conversation (ADR
 * 0010): it must be a secret nobody can guess. The server cannot measure
 * randomness; it refuses what is guessable for sure — short ids, phone numbers,
 * e-mails, repetitive strings — and estimates the rest at ≥ 96 bits from length
 * and alphabet (a UUID, 16 random bytes in hex or base64url all pass).
 */
export const SESSION_ID_MIN_LENGTH = 20;
export const SESSION_ID_MAX_LENGTH = 128;
const SESSION_ID_MIN_BITS = 96;
const SESSION_ID_CHARS = /^[\w.:@+-]+$/;

/** The estimated strength of a session id, in bits (length × log2 of the alphabets it uses). */
export function sessionIdBits(id: string): number {
  let alphabet = 0;
  if (/[a-z]/.test(id)) alphabet += 26;
  if (/[A-Z]/.test(id)) alphabet += 26;
  if (/[0-9]/.test(id)) alphabet += 10;
  if (/[^A-Za-z0-9]/.test(id)) alphabet += 6;
  return alphabet > 1 ? id.length * Math.log2(alphabet) : 0;
}

/** True when `id` can serve as a chat session secret (see above). */
export function isUnguessableSessionId(id: string): boolean {
  if (id.length < SESSION_ID_MIN_LENGTH || id.length > SESSION_ID_MAX_LENGTH || !SESSION_ID_CHARS.test(id)) return false;
  if (id.includes('@')) return false; // an e-mail address
  if (/^\+?[\d\s().-]+$/.test(id)) return false; // a phone or another number
  if (!hasDistinctChars(id, 8)) return false; // repetitive
  return sessionIdBits(id) >= SESSION_ID_MIN_BITS;
}

/** Whether `text` has at least `count` different characters; without a Set, as it runs on every chat turn. */
function hasDistinctChars(text: string, count: number): boolean {
  let distinct = 0;
  for (let i = 0; i < text.length && distinct < count; i++) if (text.indexOf(text[i]!) === i) distinct++;
  return distinct >= count;
}

/** For integrators (the API's English message) and in pt-BR (the field detail). */
export const SESSION_ID_RULE =
  'sessionId must be an unguessable random value (at least 128 bits, e.g. crypto.randomUUID()); phone numbers, e-mails and short ids are refused';
export const SESSION_ID_RULE_PT =
  'O sessionId deve ser um valor aleatório e secreto (por exemplo, crypto.randomUUID()); telefones, e-mails e identificadores curtos são recusados.';
