import { TAUGHT_ANSWER_MAX, TAUGHT_QUESTION_MAX, type TaughtAnswer } from '@atende/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { inputClass } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useDeleteTaughtAnswer, useTaughtAnswers, useTeachAnswer, useUpdateTaughtAnswer } from './api';

/**
 * 'Respostas ensinadas' under the knowledge (docs/product.md §2): the answers the merchant taught from the Painel
 * or here, each editable and deletable. The agent gives them, before the knowledge, to the question and its
 * paraphrases from the next message on.
 */
export function TaughtAnswersSection({ agentId }: { agentId: string }) {
  const headingId = useId();
  const answers = useTaughtAnswers(agentId);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-100 pt-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Respostas ensinadas
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Quando um cliente perguntar isso (com essas ou outras palavras), o agente responde exatamente o que você ensinou.
          </p>
        </div>
        {!adding && (
          <Button type="button" variant="secondary" className="py-2" onClick={() => setAdding(true)}>
            Ensinar resposta
          </Button>
        )}
      </div>
      {adding && <NewAnswer agentId={agentId} onDone={() => setAdding(false)} />}
      {answers.isPending && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" /> Carregando respostas ensinadas...
        </p>
      )}
      {answers.isError && <Alert tone="error">{userMessageOf(answers.error)}</Alert>}
      {answers.data?.answers.length === 0 && !adding && (
        <p className="text-sm text-slate-500">Nenhuma resposta ensinada ainda. Veja no Painel as perguntas que o agente não soube responder.</p>
      )}
      {answers.data && answers.data.answers.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {answers.data.answers.map((answer) => (
            <li key={answer.id}>
              <AnswerItem agentId={agentId} answer={answer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewAnswer({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const teach = useTeachAnswer(agentId);
  return (
    <AnswerForm
      submitLabel="Salvar resposta"
      pending={teach.isPending}
      error={teach.error}
      onCancel={onDone}
      onSubmit={(question, answer) =>
        teach.mutate(
          { question, answer },
          {
            onSuccess: () => {
              toast.success('Resposta ensinada! O agente já usa a partir da próxima mensagem.');
              onDone();
            },
          },
        )
      }
    />
  );
}

function AnswerItem({ agentId, answer }: { agentId: string; answer: TaughtAnswer }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTaughtAnswer(agentId);
  const remove = useDeleteTaughtAnswer(agentId);
  if (editing) {
    return (
      <div className="p-3">
        <AnswerForm
          initial={answer}
          submitLabel="Salvar alterações"
          pending={update.isPending}
          error={update.error}
          onCancel={() => setEditing(false)}
          onSubmit={(question, text) =>
            update.mutate(
              { answerId: answer.id, patch: { question, answer: text } },
              {
                onSuccess: () => {
                  toast.success('Resposta atualizada.');
                  setEditing(false);
                },
              },
            )
          }
        />
      </div>
    );
  }
  return (
    <div className="flex items-start justify-between gap-3 p-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words text-slate-900">{answer.question}</p>
        <p className="mt-1 whitespace-pre-line break-words text-slate-700">{answer.answer}</p>
        {answer.variants.length > 0 && (
          <p className="mt-1 text-xs text-slate-500">Também perguntaram: {answer.variants.map((v) => `"${v}"`).join(', ')}</p>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        <button
          type="button"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
          aria-label={`Editar a resposta para "${answer.question}"`}
          onClick={() => setEditing(true)}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="rounded-lg p-2 text-red-600 hover:bg-red-50"
          aria-label={`Apagar a resposta para "${answer.question}"`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apagar resposta ensinada?"
        description={<p>O agente deixa de dar essa resposta para "{answer.question}" a partir da próxima mensagem.</p>}
        confirmLabel="Apagar"
        pendingLabel="Apagando..."
        pending={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => remove.mutate(answer.id, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}

interface AnswerFormProps {
  initial?: { question: string; answer: string };
  /** Shown above the fields (the customers' wordings, when taught from the Painel). */
  context?: React.ReactNode;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (question: string, answer: string) => void;
}

/** The question and the answer to teach (a new one, an edit, or from the Painel's 'Ensinar resposta'). */
export function AnswerForm({ initial, context, submitLabel, pending, error, onCancel, onSubmit }: AnswerFormProps) {
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const questionId = useId();
  const answerId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !question.trim() || !answer.trim()) return;
    onSubmit(question.trim(), answer.trim());
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {error != null && <Alert tone="error">{userMessageOf(error)}</Alert>}
      {context}
      <div>
        <label htmlFor={questionId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Pergunta do cliente
        </label>
        <input
          id={questionId}
          className={inputClass}
          value={question}
          maxLength={TAUGHT_QUESTION_MAX}
          onChange={(e) => setQuestion(e.target.value)}
          placeholder="Vocês entregam em Campinas?"
          required
        />
      </div>
      <div>
        <label htmlFor={answerId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Resposta
        </label>
        <textarea
          id={answerId}
          className={cn(inputClass, 'min-h-24')}
          value={answer}
          maxLength={TAUGHT_ANSWER_MAX}
          onChange={(e) => setAnswer(e.target.value)}
          placeholder="Sim! Entregamos em Campinas às terças e sextas."
          required
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" loading={pending} disabled={!question.trim() || !answer.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

interface TeachDialogProps {
  agentId: string;
  /** Shown in the description ('Bia usa esta resposta…'). */
  agentName?: string;
  /** The customer's question, filled in. */
  question: string;
  /** Other wordings customers used, kept with the answer. */
  variants?: string[];
  onClose: () => void;
}

/** 'Ensinar resposta' from the Painel's unanswered list or a transcript: the question filled in, the answer written once. */
export function TeachAnswerDialog({ agentId, agentName, question, variants = [], onClose }: TeachDialogProps) {
  const teach = useTeachAnswer(agentId);
  const others = variants.filter((v) => v !== question);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Ensinar resposta"
      description={`${agentName ?? 'O agente'} usa esta resposta a partir da próxima mensagem.`}
    >
      <AnswerForm
        initial={{ question, answer: '' }}
        context={others.length > 0 ? <p className="text-sm text-slate-600">Os clientes também perguntaram: {others.map((v) => `"${v}"`).join(', ')}.</p> : undefined}
        submitLabel="Salvar resposta"
        pending={teach.isPending}
        error={teach.error}
        onCancel={onClose}
        onSubmit={(q, answer) =>
          teach.mutate(
            { question: q, answer, variants: [question, ...others].filter((v) => v !== q) },
            {
              onSuccess: () => {
                toast.success('Resposta ensinada! O agente já usa a partir da próxima mensagem.');
                onClose();
              },
            },
          )
        }
      />
    </Modal>
  );
}
