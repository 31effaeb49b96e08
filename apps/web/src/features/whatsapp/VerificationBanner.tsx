import type { WhatsAppVerification } from '@atende/shared';
import { Alert } from '../../components/ui/Alert';

const statusLabels: Record<string, string> = {
  CONNECTED: 'Conectado',
  PENDING: 'Pendente',
  DISCONNECTED: 'Desconectado',
  FLAGGED: 'Sinalizado',
  RESTRICTED: 'Restrito',
  BANNED: 'Banido',
};
const qualityLabels: Record<string, string> = { GREEN: 'Alta', YELLOW: 'Média', RED: 'Baixa', NA: 'Não disponível', UNKNOWN: 'Não disponível' };

const label = (labels: Record<string, string>, value: string | null) => (value ? (labels[value] ?? value) : '—');

/** 'Configuração verificada!' with number, status and quality, or 'Falha na verificação' with the reason. */
export function VerificationBanner({ result }: { result: WhatsAppVerification }) {
  if (!result.verified) {
    return (
      <Alert tone="error">
        <p className="font-semibold">Falha na verificação</p>
        <p>{result.error ?? 'Invalid WhatsApp configuration'}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      <p className="font-semibold">Configuração verificada!</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt>Número:</dt>
        <dd className="font-medium">{result.phoneNumber ?? '—'}</dd>
        <dt>Status:</dt>
        <dd className="font-medium">{label(statusLabels, result.status)}</dd>
        <dt>Qualidade:</dt>
        <dd className="font-medium">{label(qualityLabels, result.quality_rating)}</dd>
      </dl>
      {result.status && result.status !== 'CONNECTED' && (
        <p className="mt-1">O número precisa estar conectado para enviar e receber mensagens.</p>
      )}
    </Alert>
  );
}
