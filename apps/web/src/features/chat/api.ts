import { isUnguessableSessionId, replyText, type ChatMessage, type PublicAgent } from '@atende/shared';
import { ChatError, networkError, serviceError } from './errors';
import { readChatStream } from './sse';

/*
 * Public chat calls (docs/product.md §3, §7). Deliberately free of the dashboard's API
 * client, auth and query libraries: the public chat page must stay small.
 * The endpoints are public, so no credentials are sent.
 */

/**
 * One secret session per agent (ADR 0011): the id is the only thing that opens
 * the conversation, so it is 128 random bits and is never shared between two
 * merchants' chats. The single 'chat_session_id' of earlier releases was shown
 * to every merchant the browser talked to: it is dropped, not reused.
 */
const SESSION_KEY_PREFIX = 'chat_session_id:';
const LEGACY_SESSION_KEY = 'chat_session_id';
/** Used when storage is blocked (e.g. a third-party iframe with site data disabled). */
const memorySessionIds = new Map<string, string>();

const sessionKey = (webhookId: string) => `${SESSION_KEY_PREFIX}${webhookId}`;

/** This browser's chat session id with one agent, created on first use. */
export function getSessionId(webhookId: string): string {
  let stored: string | null;
  try {
    localStorage.removeItem(LEGACY_SESSION_KEY);
    stored = localStorage.getItem(sessionKey(webhookId));
  } catch {
    stored = memorySessionIds.get(webhookId) ?? null;
  }
  return stored && isUnguessableSessionId(stored) ? stored : newSession(webhookId);
}

/** Starts a new conversation with this agent: a fresh session id replaces the stored one. */
export function newSession(webhookId: string): string {
  const id = randomSessionId();
  memorySessionIds.set(webhookId, id);
  try {
    localStorage.setItem(sessionKey(webhookId), id);
  } catch {
    // Storage blocked: the id lives in memory for this page.
  }
  return id;
}

/** 128 random bits as 32 hex digits (crypto.getRandomValues works on plain http too). */
function randomSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
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
 * a JSON answer works too. Failures reject with a ChatError (docs/product.md §8).
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
    // docs/product.md §3: a plain string, or an object with output, message or response.
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

/** A public chat resource (GET, or POST with a JSON body); null when the agent is unknown or inactive (404). */
async function publicRequest<T>(path: string, signal?: AbortSignal, json?: unknown): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: 'omit',
      signal,
    });
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
  return publicRequest<PublicAgent>(webhookPath(webhookId), signal);
}

/** The messages of this chat session so far, oldest first (the session id travels in the body, never in a URL). */
export async function fetchHistory(webhookId: string, sessionId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const body = await publicRequest<{ messages: ChatMessage[] }>(`${webhookPath(webhookId)}/history`, signal, { sessionId });
  return body?.messages ?? [];
}
