/**
 * Parsing of WhatsApp Cloud API notifications (POST to the webhook). Lenient
 * by design: an item that does not have the expected shape is skipped, never
 * the whole batch (one POST may carry up to 1,000 updates).
 */

/** Who wrote, and so where the answer goes: `to` for a wa_id, `recipient` for a business-scoped user id. */
export type Sender = { kind: 'wa_id' | 'user_id'; id: string };

export type InboundContent =
  /** Text (also the title of a tapped button or list row): runs through the agent. */
  | { kind: 'text'; text: string }
  /** An image, video or document with a caption: the caption runs through the agent, the media is not read. */
  | { kind: 'caption'; label: string; text: string }
  /** Media, location, contacts…: the customer gets a polite "only text for now". */
  | { kind: 'unsupported'; label: string }
  /** Reactions, deletions, system notices and unknown events: acknowledged, never stored or answered. */
  | { kind: 'ignored' };

export interface InboundMessage {
  /** The wamid: the idempotency key. */
  id: string;
  from: Sender;
  content: InboundContent;
  /** The customer's WhatsApp profile name, when the notification's contacts carry it (shown in the inbox). */
  name?: string;
}

/**
 * An error Meta reports in a notification: a message of ours that could not be delivered (a `failed` status, e.g.
 * 131047 outside the 24-hour window, 131026 undeliverable) or a change that could not be processed (`errors` at
 * value level, e.g. 131000 beside a message whose content was dropped). Nothing to answer; logged for the team.
 */
export interface NotificationProblem {
  /** The wamid of the failed message, for a status. */
  messageId: string | null;
  /** Who it was for (a status's recipient_id). */
  recipient: string | null;
  code: number | null;
  title: string;
}

/** What Meta says became of a message we sent (a `statuses` item), by its wamid. */
export interface StatusUpdate {
  id: string;
  /** `played` (a voice message we never send) counts as read; other values are skipped. */
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** A failure's first error code (131047, 131026…), or null. */
  code: number | null;
  /** A failure's error title and details, in Meta's words. */
  detail: string | null;
}

export interface ParsedNotification {
  messages: InboundMessage[];
  /** Delivery statuses (sent/delivered/read/failed): acknowledged, never answered. */
  statuses: number;
  /** The statuses with a wamid and a known status, in order (ADR 0007: stored on our sends). */
  updates: StatusUpdate[];
  /** Changes for a different phone number id than the configured one (ignored). */
  foreign: number;
  /** Failed statuses and value-level errors, one per error reported. */
  problems: NotificationProblem[];
}

/** Transcript labels (pt-BR) of the message types the agent cannot read yet. */
const UNSUPPORTED_LABELS: Record<string, string> = {
  image: 'Imagem',
  audio: 'Áudio',
  video: 'Vídeo',
  document: 'Documento',
  sticker: 'Figurinha',
  location: 'Localização',
  contacts: 'Contato',
  order: 'Pedido',
  unsupported: 'Mensagem não suportada',
};

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

export function parseNotification(payload: unknown, phoneNumberId?: string): ParsedNotification {
  const result: ParsedNotification = { messages: [], statuses: 0, updates: [], foreign: 0, problems: [] };
  if (!isObject(payload)) return result;
  for (const entry of objects(payload.entry)) {
    for (const change of objects(entry.changes)) {
      if (change.field !== 'messages' || !isObject(change.value)) continue;
      const value = change.value;
      const metadata = isObject(value.metadata) ? value.metadata : {};
      if (phoneNumberId && metadata.phone_number_id !== phoneNumberId) {
        result.foreign += 1;
        continue;
      }
      const statuses = objects(value.statuses);
      result.statuses += statuses.length;
      for (const status of statuses) {
        const update = statusUpdateOf(status);
        if (update) result.updates.push(update);
        if (status.status !== 'failed') continue;
        result.problems.push(...problemsOf(status.errors, text(status.id), text(status.recipient_id)));
      }
      result.problems.push(...problemsOf(value.errors, null, null));
      const names = new Map<string, string>();
      for (const contact of objects(value.contacts)) {
        const id = text(contact.wa_id) ?? text(contact.user_id);
        const name = isObject(contact.profile) ? text(contact.profile.name) : null;
        if (id && name) names.set(id, name.trim().slice(0, 80));
      }
      for (const message of objects(value.messages)) {
        const parsed = parseMessage(message);
        const name = parsed ? names.get(parsed.from.id) : undefined;
        if (parsed) result.messages.push(name ? { ...parsed, name } : parsed);
      }
    }
  }
  return result;
}

/** Meta's `errors` array ({code, title, message, error_data.details}); a failed status without one still counts. */
function problemsOf(errors: unknown, messageId: string | null, recipient: string | null): NotificationProblem[] {
  const list = objects(errors).map((error) => {
    const details = isObject(error.error_data) ? text(error.error_data.details) : null;
    const title = [text(error.title) ?? text(error.message), details].filter(Boolean).join(': ');
    return { messageId, recipient, code: typeof error.code === 'number' ? error.code : null, title: (title || 'unknown error').slice(0, 300) };
  });
  return list.length > 0 || messageId === null ? list : [{ messageId, recipient, code: null, title: 'failed without an error' }];
}

const STATUSES: Record<string, StatusUpdate['status']> = { sent: 'sent', delivered: 'delivered', read: 'read', played: 'read', failed: 'failed' };

function statusUpdateOf(status: Json): StatusUpdate | null {
  const id = text(status.id);
  const kind = typeof status.status === 'string' ? STATUSES[status.status] : undefined;
  if (!id || !kind) return null;
  if (kind !== 'failed') return { id, status: kind, code: null, detail: null };
  const [first] = problemsOf(status.errors, id, null);
  return { id, status: kind, code: first?.code ?? null, detail: first?.title ?? null };
}

function parseMessage(message: Json): InboundMessage | null {
  const id = text(message.id);
  const from = senderOf(message);
  if (!id || !from) return null;
  const type = text(message.type) ?? 'unknown';
  return { id, from, content: contentOf(type, message) };
}

function senderOf(message: Json): Sender | null {
  const waId = text(message.from);
  if (waId) return { kind: 'wa_id', id: waId };
  const userId = text(message.from_user_id);
  return userId ? { kind: 'user_id', id: userId } : null;
}

function contentOf(type: string, message: Json): InboundContent {
  const body = (v: string | null): InboundContent => (v ? { kind: 'text', text: v.trim() } : { kind: 'ignored' });
  const field = (name: string): Json => (isObject(message[name]) ? (message[name] as Json) : {});
  switch (type) {
    case 'text':
      return body(text(field('text').body));
    case 'interactive': {
      // A tapped button or list row is its title. Anything else the customer sent this way (a flow's form, or a
      // reply Meta could not deliver: no `interactive` at all and a value-level 131000) is not silently dropped.
      const interactive = field('interactive');
      const reply = isObject(interactive.button_reply) ? interactive.button_reply : isObject(interactive.list_reply) ? interactive.list_reply : {};
      const title = text(reply.title);
      return title ? { kind: 'text', text: title.trim() } : { kind: 'unsupported', label: UNSUPPORTED_LABELS.unsupported! };
    }
    case 'edit': {
      // The customer edited a text or a caption: the new wording is a message of its own (its own wamid).
      const edited = field('edit').message;
      if (!isObject(edited)) return { kind: 'ignored' };
      const content = contentOf(text(edited.type) ?? 'unknown', edited);
      return content.kind === 'text' || content.kind === 'caption' ? content : { kind: 'ignored' };
    }
    case 'button':
      return body(text(field('button').text));
    case 'image':
    case 'video':
    case 'document': {
      const caption = text(field(type).caption);
      const label = UNSUPPORTED_LABELS[type]!;
      return caption ? { kind: 'caption', label, text: caption.trim() } : { kind: 'unsupported', label };
    }
    default: {
      const label = type === 'audio' && field('audio').voice === true ? 'Mensagem de voz' : UNSUPPORTED_LABELS[type];
      return label ? { kind: 'unsupported', label } : { kind: 'ignored' };
    }
  }
}
