import type { Agent } from '@atende/shared';
import { Code, Link2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/Button';
import { ChatPanel } from '../../chat';
import { useRefreshAfterTestMessage } from '../api';
import { Modal } from '../../../components/ui/Modal';

interface Props {
  agent: Agent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShare: () => void;
  onCode: () => void;
}

/** 'Teste seu Chat': talk to the agent as a customer would (the owner's own test conversation), then share it or embed it. */
export function TestChatDialog({ agent, open, onOpenChange, onShare, onCode }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Teste seu Chat" description={agent.name} className="max-w-xl">
      <TestChat agent={agent} height={400} />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onShare}>
          <Link2 className="size-4" aria-hidden="true" /> Link
        </Button>
        {agent.active && (
          <Button type="button" variant="secondary" onClick={onCode}>
            <Code className="size-4" aria-hidden="true" /> Código
          </Button>
        )}
        <Dialog.Close asChild>
          <Button type="button" variant="ghost">
            Fechar
          </Button>
        </Dialog.Close>
      </div>
    </Modal>
  );
}

/** The owner's test chat with an agent; an inactive agent can still be tried (customers cannot reach it). */
export function TestChat({ agent, height }: { agent: Agent; height: number }) {
  const refresh = useRefreshAfterTestMessage(agent.id);
  return (
    <>
      {!agent.active && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Este agente está inativo: seus clientes não conseguem conversar com ele, mas você pode testá-lo aqui.
        </p>
      )}
      <ChatPanel target={{ kind: 'test', agentId: agent.id }} height={height} onTurnEnd={refresh} />
    </>
  );
}
