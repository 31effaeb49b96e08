import { chatWebhookId, hasWhatsApp, type Agent } from '@atende/shared';
import { BookOpen, Brain, ChartColumn, CircleAlert, Code, MessageCircle, MessagesSquare, Settings, Share2, Smartphone, Trash2 } from 'lucide-react';
import { Switch, Tooltip } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { userMessageOf } from '../../../lib/api';
import { KnowledgeDialog } from '../../knowledge';
import { WhatsAppDialog } from '../../whatsapp';
import { useDeleteAgent, useUpdateAgent } from '../api';
import { formatDate } from '../../../lib/format';
import { CodeDialog } from './CodeDialog';
import { DeleteAgentDialog } from './DeleteAgentDialog';
import { IconAction } from './IconAction';
import { IntelligenceDialog } from './IntelligenceDialog';
import { ShareDialog } from './ShareDialog';
import { TestChatDialog } from './TestChatDialog';

type DialogName = 'chat' | 'share' | 'code' | 'intelligence' | 'knowledge' | 'delete' | 'whatsapp';

/** Open/closed state of each dialog; they are independent (the chat one can open share or code on top). */
function useDialogs() {
  const [open, setOpen] = useState<ReadonlySet<DialogName>>(new Set());
  return (name: DialogName) => ({
    open: open.has(name),
    onOpenChange: (value: boolean) =>
      setOpen((current) => {
        const next = new Set(current);
        if (value) next.add(name);
        else next.delete(name);
        return next;
      }),
  });
}

/** One entry of the agents list (docs/product.md §2): name, date, error line, actions, status toggle and 'Chat'. */
export function AgentCard({ agent }: { agent: Agent }) {
  const nameId = useId();
  const dialog = useDialogs();
  const remove = useDeleteAgent();
  const webhookId = chatWebhookId(agent.nodes);
  const base = `/dashboard/agents/${encodeURIComponent(agent.id)}`;

  async function confirmDelete() {
    try {
      await remove.mutateAsync(agent.id);
      toast.success('Agente excluído com sucesso!');
    } catch (error) {
      toast.error('Não foi possível excluir o agente', { description: userMessageOf(error) });
    } finally {
      dialog('delete').onOpenChange(false);
    }
  }

  return (
    <article aria-labelledby={nameId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-40">
          <h2 id={nameId} className="break-words text-base font-semibold text-slate-900">
            {agent.name}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">Criado em {formatDate(agent.createdAt)}</p>
        </div>
        <StatusToggle agent={agent} />
      </div>
      {agent.lastError && (
        <p className="mt-2 flex items-start gap-1.5 text-sm text-red-600">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {agent.lastError}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Ações do agente">
          <IconAction label="Configurar" icon={<Settings className="size-5" />} to={base} />
          <IconAction label="Compartilhar" icon={<Share2 className="size-5" />} onClick={() => dialog('share').onOpenChange(true)} />
          <IconAction
            label="Configurar inteligência"
            icon={<Brain className="size-5" />}
            onClick={() => dialog('intelligence').onOpenChange(true)}
          />
          <IconAction
            label="Base de Conhecimento"
            icon={<BookOpen className="size-5" />}
            onClick={() => dialog('knowledge').onOpenChange(true)}
          />
          {agent.active && (
            <IconAction
              label="Código de integração"
              icon={<Code className="size-5" />}
              onClick={() => dialog('code').onOpenChange(true)}
            />
          )}
          <IconAction label="Conversas" icon={<MessagesSquare className="size-5" />} to={`${base}/conversas`} />
          <IconAction label="Painel" icon={<ChartColumn className="size-5" />} to={`${base}/insights`} />
          <IconAction
            label="Excluir"
            tone="danger"
            icon={<Trash2 className="size-5" />}
            loading={remove.isPending}
            onClick={() => dialog('delete').onOpenChange(true)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {hasWhatsApp(agent.nodes) && (
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <Button type="button" variant="secondary" className="py-2" onClick={() => dialog('whatsapp').onOpenChange(true)}>
                  <Smartphone className="size-4" aria-hidden="true" /> WhatsApp
                </Button>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md">
                  Configurar WhatsApp
                  <Tooltip.Arrow className="fill-slate-900" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          )}
          {webhookId && (
            <Button type="button" variant="secondary" className="py-2" onClick={() => dialog('chat').onOpenChange(true)}>
              <MessageCircle className="size-4" aria-hidden="true" /> Chat
            </Button>
          )}
        </div>
      </div>

      {webhookId && (
        <TestChatDialog
          agent={agent}
          {...dialog('chat')}
          onShare={() => dialog('share').onOpenChange(true)}
          onCode={() => dialog('code').onOpenChange(true)}
        />
      )}
      <ShareDialog agent={agent} {...dialog('share')} />
      <CodeDialog agent={agent} {...dialog('code')} />
      <IntelligenceDialog agent={agent} {...dialog('intelligence')} />
      <KnowledgeDialog agent={agent} {...dialog('knowledge')} />
      {hasWhatsApp(agent.nodes) && <WhatsAppDialog agent={agent} {...dialog('whatsapp')} />}
      <DeleteAgentDialog
        agentName={agent.name}
        {...dialog('delete')}
        deleting={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </article>
  );
}

/** The active/inactive switch; the change shows at once and rolls back if the server refuses it. */
function StatusToggle({ agent }: { agent: Agent }) {
  const id = useId();
  const update = useUpdateAgent();

  async function toggle(active: boolean) {
    try {
      await update.mutateAsync({ id: agent.id, patch: { active } });
    } catch (error) {
      toast.error('Não foi possível ativar ou desativar o agente', { description: userMessageOf(error) });
    }
  }

  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        id={id}
        checked={agent.active}
        onCheckedChange={(active) => void toggle(active)}
        disabled={update.isPending}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-green-600 disabled:opacity-60"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <label htmlFor={id} className={agent.active ? 'text-sm font-medium text-green-700' : 'text-sm font-medium text-slate-500'}>
        {agent.active ? 'Ativo' : 'Inativo'}
      </label>
    </div>
  );
}
