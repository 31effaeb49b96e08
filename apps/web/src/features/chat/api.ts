import { replyText, type ChatMessage, type PublicAgent } from '@atende/shared';
import { ChatError, networkError, serviceError } from './errors';
import { readChatStream } from './sse';

/*
 * Public chat calls (SPEC §3, §7). Deliberately free of the dashboard's API
 * client, auth and query libraries: the public chat page must stay small.
 * The endpoints are public, so no credentials are sent.
 */

const SESSION_KEY = 'chat_session_id';
/** What the server accepts as a session id; anything else in storage is replaced. */
const SESSION_ID = /^[\w.:@+-]{8,128}$/;
/** Used when storage is blocked (e.g. a third-party iframe with site data disabled). */
let memorySessionId: string | null = null;

/** The chat session id kept in localStorage (SPEC §3), created on first use. */
export function getSessionId(): string {
  let stored: string | null;
  try {
    stored = localStorage.getItem(SESSION_KEY);
  } catch {
    stored = memorySessionId;
  }
  return stored && SESSION_ID.test(stored) ? stored : newSession();
}

/** Starts a new conversation: a fresh session id replaces the stored one. */
export function newSession(): string {
  const id = randomUuid();
  memorySessionId = id;
  try {
    localStorage.setItem(SESSION_KEY, id);
  } catch {
    // Storage blocked: the id lives in memory for this page.
  }
  return id;
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; build a v4 UUID by hand on plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const webhookPath = (webhookId: string) => `/webhook/${encodeURIComponent(webhookId)}`;

/** A failed fetch or stream read: aborts pass through, everything else is a connection error. */
function connectionFailure(error: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return error;
  return networkError(navigator.onLine !== false);
}

export interface SendOptions {
  /** Called with each streamed piece of the reply, as it arrives. */
  onDelta?: (delta: string) => void;
  signal?: AbortSignal;
}

/**
 * Sends one customer message and resolves with the agent's full reply. The
 * reply streams over SSE when the server supports it (onDelta sees it grow);
 * a JSON answer works too. Failures reject with a ChatError (SPEC §8).
 */
export async function sendMessage(
  webhookId: string,
  message: string,
  sessionId: string,
  { onDelta, signal }: SendOptions = {},
): Promise<string> {
  if (!webhookId) throw new ChatError('Chat service not available');
  let res: Response;
  try {
    res = await fetch(webhookPath(webhookId), {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: message.trim(), sessionId }),
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    throw connectionFailure(error, signal);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    console.error(`Chat service answered ${res.status}`, body);
    throw serviceError(res.status, body);
  }
  try {
    if (res.body && res.headers.get('Content-Type')?.startsWith('text/event-stream')) {
      return await readChatStream(res.body, onDelta);
    }
    // SPEC §3: a plain string, or an object with output, message or response.
    const text = await res.text();
    const reply = replyText(parseJson(text) ?? text);
    if (!reply) throw new ChatError('No response received from chat service');
    return reply;
  } catch (error) {
    if (error instanceof ChatError) throw error;
    throw connectionFailure(error, signal);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** GET a public chat resource; null when the agent is unknown or inactive (404). */
async function getPublic<T>(path: string, signal?: AbortSignal): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'omit', signal });
  } catch (error) {
    throw connectionFailure(error, signal);
  }
  if (res.status === 404) return null;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw serviceError(res.status, body);
  return body as T;
}

/** The agent's public name; null when the link points to no active agent. */
export function fetchPublicAgent(webhookId: string, signal?: AbortSignal): Promise<PublicAgent | null> {
  return getPublic<PublicAgent>(webhookPath(webhookId), signal);
}

/** The messages of this chat session so far, oldest first. */
export async function fetchHistory(webhookId: string, sessionId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const body = await getPublic<{ messages: ChatMessage[] }>(
    `${webhookPath(webhookId)}/sessions/${encodeURIComponent(sessionId)}`,
    signal,
  );
  return body?.messages ?? [];
}
