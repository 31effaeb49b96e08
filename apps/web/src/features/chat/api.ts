import { isUnguessableSessionId, replyText, type ChatMessage, type PublicAgent } from '@atende/shared';
import { ChatError, networkError, serviceError } from './errors';
import { createSseParser, readChatStream } from './sse';

/*
 * Chat calls (docs/product.md §3, §7): the public chat, and the owner's test chat that works the same way.
 * Deliberately free of the dashboard's API client, auth and query libraries: the public chat page must stay
 * small. The public endpoints get no credentials; the test chat sends the owner's session cookie.
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

/**
 * Who a chat panel talks to: an agent's public chat (what customers use, by its public id), or the owner's test
 * chat in the dashboard (by the agent's id, signed in): its own conversation, marked as a test, never counted
 * against the monthly quota.
 */
export type ChatTarget = { kind: 'public'; webhookId: string } | { kind: 'test'; agentId: string };

const TEST_SESSION_KEY_PREFIX = 'test_chat_session_id:';

const sessionKey = (target: ChatTarget) =>
  target.kind === 'public' ? `${SESSION_KEY_PREFIX}${target.webhookId}` : `${TEST_SESSION_KEY_PREFIX}${target.agentId}`;

/** Where the target's messages go, and whether the request carries the owner's session cookie. */
function endpoint(target: ChatTarget): { path: string; credentials: RequestCredentials } {
  return target.kind === 'public'
    ? { path: webhookPath(target.webhookId), credentials: 'omit' }
    : { path: `/api/agents/${encodeURIComponent(target.agentId)}/test-chat`, credentials: 'same-origin' };
}

/** This browser's chat session id with one agent (public or test chat), created on first use. */
export function getSessionId(target: ChatTarget): string {
  const key = sessionKey(target);
  let stored: string | null;
  try {
    localStorage.removeItem(LEGACY_SESSION_KEY);
    stored = localStorage.getItem(key);
  } catch {
    stored = memorySessionIds.get(key) ?? null;
  }
  return stored && isUnguessableSessionId(stored) ? stored : newSession(target);
}

/** Starts a new conversation with this agent: a fresh session id replaces the stored one. */
export function newSession(target: ChatTarget): string {
  const key = sessionKey(target);
  const id = randomSessionId();
  memorySessionIds.set(key, id);
  try {
    localStorage.setItem(key, id);
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
  target: ChatTarget,
  message: string,
  sessionId: string,
  { onDelta, signal }: SendOptions = {},
): Promise<string> {
  if (target.kind === 'public' && !target.webhookId) throw new ChatError('Chat service not available');
  const { path, credentials } = endpoint(target);
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: message.trim(), sessionId }),
      credentials,
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
    const json = parseJson(text);
    if (typeof json === 'object' && json !== null && (json as { silent?: unknown }).silent === true) return '';
    const reply = replyText(json ?? text);
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

/** A chat resource (GET, or POST with a JSON body); null when the agent (or the session) is unknown or inactive (404). */
async function chatRequest<T>(path: string, signal?: AbortSignal, json?: unknown, credentials: RequestCredentials = 'omit'): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials,
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
  return chatRequest<PublicAgent>(webhookPath(webhookId), signal);
}

/** The messages of this chat session so far, oldest first (the session id travels in the body, never in a URL). */
export async function fetchHistory(target: ChatTarget, sessionId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const { path, credentials } = endpoint(target);
  const body = await chatRequest<{ messages: ChatMessage[] }>(`${path}/history`, signal, { sessionId }, credentials);
  return body?.messages ?? [];
}

/**
 * Follows this session's conversation live (POST /webhook/{id}/live): the messages the business's team writes from
 * its inbox, and the agent's notice when it takes the conversation back. Resolves when the stream ends (or fails);
 * the caller reconnects. False when there is no conversation to follow yet (before the first message).
 */
export async function followConversation(
  webhookId: string,
  sessionId: string,
  onMessage: (message: ChatMessage) => void,
  signal: AbortSignal,
): Promise<boolean> {
  const res = await fetch(`${webhookPath(webhookId)}/live`, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId }),
    credentials: 'omit',
    signal,
  });
  if (!res.ok || !res.body) return false;
  const parser = createSseParser(({ event, data }) => {
    if (event !== 'message') return;
    try {
      onMessage(JSON.parse(data) as ChatMessage);
    } catch {
      // a malformed event is skipped
    }
  });
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return true;
}
