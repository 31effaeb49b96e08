/** Where a new agent's workspace opens: its knowledge, the first step that makes it answer from the company's facts. */
export const workspaceStart = (agentId: string) => `/dashboard/agents/${encodeURIComponent(agentId)}/conhecimento`;
