/** The API of a server running as a child process, called over HTTP (fault tests). */
import type { Agent, KnowledgeFile } from '@atende/shared';
import type { ServerProcess } from './server-process';

export interface RemoteUser {
  id: string;
  email: string;
  token: string;
}

let counter = 0;

async function expectStatus(res: Response, status: number, what: string): Promise<Response> {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${await res.text()}`);
  return res;
}

/** Signs a fresh merchant up and in; returns its bearer token. */
export async function signUpRemote(server: ServerProcess): Promise<RemoteUser> {
  counter += 1;
  const email = `fault-${Date.now().toString(36)}-${counter}@example.com`;
  const password = 'senha-segura-123';
  const body = { name: 'Maria Souza', email, password, company: 'Padaria da Maria', phone: '+55 11 98888-7777' };
  await expectStatus(await server.request('/api/auth/sign-up/email', { method: 'POST', json: body }), 200, 'sign-up');
  const res = await expectStatus(await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } }), 200, 'sign-in');
  const data = (await res.json()) as { token: string; user: { id: string } };
  return { id: data.user.id, email, token: data.token };
}

export async function createRemoteAgent(server: ServerProcess, user: RemoteUser, name = 'Atendente'): Promise<Agent> {
  const res = await server.request('/api/agents', { method: 'POST', token: user.token, json: { name } });
  return (await (await expectStatus(res, 201, 'create agent')).json()) as Agent;
}

export async function uploadRemote(server: ServerProcess, user: RemoteUser, agentId: string, items: Array<{ name: string; text: string; type?: string }>) {
  const form = new FormData();
  for (const item of items) form.append('files', new File([new TextEncoder().encode(item.text)], item.name, { type: item.type ?? 'text/plain' }));
  const res = await server.request(`/api/agents/${agentId}/files`, { method: 'POST', token: user.token, body: form });
  return (await (await expectStatus(res, 201, 'upload')).json()) as { files: KnowledgeFile[] };
}

export async function listRemoteFiles(server: ServerProcess, user: RemoteUser, agentId: string): Promise<KnowledgeFile[]> {
  const res = await server.request(`/api/agents/${agentId}/files`, { token: user.token });
  return ((await (await expectStatus(res, 200, 'list files')).json()) as { files: KnowledgeFile[] }).files;
}

/** One public chat turn (JSON, or SSE with `stream`). */
export function chatRemote(server: ServerProcess, webhookId: string, message: string, sessionId: string, options: { stream?: boolean } = {}) {
  return fetch(`${server.url}/webhook/${webhookId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.stream ? { accept: 'text/event-stream' } : {}) },
    body: JSON.stringify({ message, sessionId }),
  });
}
