import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { userMessageOf } from '../../lib/api';
import { authClient } from '../auth';
import { useDeleteAccount } from './api';

/** 'Excluir conta': everything goes, confirmed with the password. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password || remove.isPending) return;
    remove.mutate(
      { password },
      {
        onSuccess: async () => {
          // To the login page first, as 'Sair' does: with the session gone while this page is on screen, its guard
          // could send it to /login?returnTo=… (without the notice) before a navigate after the sign-out ran.
          navigate('/login', { replace: true, state: { notice: 'Sua conta foi excluída. Enviamos uma confirmação por e-mail.' } });
          queryClient.clear();
          await authClient.signOut().catch(() => undefined);
        },
      },
    );
  }

  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        Exclui para sempre seus agentes, arquivos, bases de conhecimento e conversas, e cancela sua assinatura no Mercado Pago.
      </p>
      <div className="mt-4 flex justify-end">
        <Button type="button" variant="danger" onClick={() => setOpen(true)}>
          Excluir conta
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setPassword('');
        }}
        title="Excluir conta"
        description="Esta ação não pode ser desfeita."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4 px-5 py-4">
          {remove.isError && <Alert tone="error">{userMessageOf(remove.error, 'Não foi possível excluir a conta.')}</Alert>}
          <Field
            label="Sua senha"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            disabled={remove.isPending}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={!password}>
              Excluir minha conta
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
