import { startFakeGraph } from './fakes';

/** Fixed port of the fake Graph API, so the server's WHATSAPP_GRAPH_URL can be set before it starts. */
export const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 4312);
export const GRAPH_URL = `http://127.0.0.1:${GRAPH_PORT}`;

/** Starts the fakes of third-party services for the whole run; the returned function stops them. */
export default async function globalSetup() {
  const graph = await startFakeGraph({ port: GRAPH_PORT });
  return async () => {
    await graph.close();
  };
}
