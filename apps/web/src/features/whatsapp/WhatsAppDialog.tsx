import { whatsappConfigInputSchema, type WhatsAppConfig, type WhatsAppConfigInput, type WhatsAppVerification } from '@atende/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { userMessageOf } from '../../lib/api';
import { useSaveWhatsApp, useWhatsAppConfig, useWhatsAppVerification } from './api';
import { CopyField } from './CopyField';
import { MetaGuide } from './MetaGuide';
import { VerificationBanner } from './VerificationBanner';

interface Props {
  agent: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Configurar WhatsApp' (docs/product.md §2): webhook URL and verify token to copy, Meta credentials verified before saving. */
export function WhatsAppDialog({ agent, open, onOpenChange }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Configurar WhatsApp" description={agent.name} className="max-w-xl">
      {/* Mounted on open only: each opening loads the saved configuration and re-verifies it. */}
      <WhatsAppSettings agentId={agent.id} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function WhatsAppSettings({ agentId, onDone }: { agentId: string; onDone: () => void }) {
  const config = useWhatsAppConfig(agentId);
  if (config.isPending) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600" role="status">
        <Spinner className="size-4" /> Carregando configuração...
      </p>
    );
  }
  if (config.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{userMessageOf(config.error, 'Não foi possível carregar a configuração do WhatsApp.')}</Alert>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="button" onClick={() => void config.refetch()}>
            Tentar novamente
          </Button>
        </div>
      </div>
    );
  }
  return <SettingsForm agentId={agentId} config={config.data} onDone={onDone} />;
}

type FieldErrors = Partial<Record<keyof WhatsAppConfigInput, string>>;

function SettingsForm({ agentId, config, onDone }: { agentId: string; config: WhatsAppConfig; onDone: () => void }) {
  const [metaToken, setMetaToken] = useState('');
  const [phoneNumberId, setPhoneNumberId] = useState(config.phoneNumberId ?? '');
  const [appSecret, setAppSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const verification = useWhatsAppVerification(agentId, config.configured);
  const save = useSaveWhatsApp(agentId);

  // The banner shows the latest outcome: this save, else the automatic re-verification on open.
  const banner: WhatsAppVerification | null = save.isError
    ? failure(userMessageOf(save.error, 'Falha ao salvar a configuração.'))
    : (save.data?.verification ??
      verification.data?.verification ??
      (verification.isError ? failure(userMessageOf(verification.error, 'Falha ao verificar a configuração do WhatsApp.')) : null));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = whatsappConfigInputSchema.safeParse({ metaToken, phoneNumberId, appSecret });
    const next: FieldErrors = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as keyof WhatsAppConfigInput] ??= issue.message;
    if (!metaToken.trim() && !config.metaToken) next.metaToken = 'Informe o Token da Meta';
    if (!appSecret.trim() && !config.appSecret) next.appSecret = 'Informe a Chave Secreta do Aplicativo (App Secret)';
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    const { data } = parsed;
    save.mutate(
      { phoneNumberId: data.phoneNumberId, ...(data.metaToken ? { metaToken: data.metaToken } : {}), ...(data.appSecret ? { appSecret: data.appSecret } : {}) },
      {
        onSuccess: () => {
          setMetaToken('');
          setAppSecret('');
          toast.success('Configuração do WhatsApp salva!');
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate autoComplete="off">
      {banner ? (
        <VerificationBanner result={banner} />
      ) : (
        verification.isFetching && (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="size-4" /> Verificando a configuração salva...
          </p>
        )
      )}
      <MetaGuide />
      <CopyField label="URL do webhook" value={config.webhookUrl} hint="Use esta URL para configurar o webhook no WhatsApp Business API" />
      <CopyField
        label="Token de verificação do webhook"
        value={config.verifyToken}
        hint="Este token é necessário para verificar as chamadas do webhook"
      />
      <Field
        label="Token da Meta"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={metaToken}
        onChange={(event) => setMetaToken(event.target.value)}
        required={!config.metaToken}
        placeholder={config.metaToken ?? 'EAAG...'}
        disabled={save.isPending}
        error={errors.metaToken}
        hint={config.metaToken ? `Token salvo (${config.metaToken}). Deixe em branco para mantê-lo.` : undefined}
      />
      <Field
        label="ID do Telefone"
        inputMode="numeric"
        autoComplete="off"
        value={phoneNumberId}
        onChange={(event) => setPhoneNumberId(event.target.value)}
        required
        placeholder="Ex.: 106540352242922"
        disabled={save.isPending}
        error={errors.phoneNumberId}
      />
      <Field
        label="Chave Secreta do Aplicativo (App Secret)"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={appSecret}
        onChange={(event) => setAppSecret(event.target.value)}
        required={!config.appSecret}
        placeholder={config.appSecret ?? ''}
        disabled={save.isPending}
        error={errors.appSecret}
        hint={
          config.appSecret
            ? `Chave salva (${config.appSecret}): conferimos a assinatura de cada mensagem da Meta. Deixe em branco para mantê-la.`
            : 'No painel de desenvolvedores da Meta: seu app → Configurações do app → Básico → Chave Secreta do Aplicativo → Mostrar. Com ela recusamos mensagens falsas.'
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Verificando...' : 'Verificar e Salvar'}
        </Button>
      </div>
    </form>
  );
}

const failure = (error: string): WhatsAppVerification => ({ verified: false, phoneNumber: null, status: null, quality_rating: null, error });
