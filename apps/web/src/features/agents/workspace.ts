import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCreateAgent } from './api';

/** Where a new agent's workspace opens: its knowledge, the first step that makes it answer from the company's facts. */
export const workspaceStart = (agentId: string) => `/dashboard/agents/${encodeURIComponent(agentId)}/conhecimento`;

/**
 * A form with a 'name' field that creates an agent and goes straight into its workspace, on the next step:
 * teaching it (docs/product.md §9). `busy` stays true once created, until the page changes.
 */
export function useCreateAgentForm() {
  const navigate = useNavigate();
  const create = useCreateAgent();
  const busy = create.isPending || create.isSuccess;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!name || busy) return;
    create.mutate(name, {
      onSuccess: (agent) => {
        toast.success('Agente criado com sucesso!');
        navigate(workspaceStart(agent.id));
      },
    });
  }
  return { create, busy, onSubmit };
}
