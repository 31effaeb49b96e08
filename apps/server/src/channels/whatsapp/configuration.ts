import type { WhatsAppCheck, WhatsAppConfig, WhatsAppConfigInput, WhatsAppVerification } from '@atende/shared';
import { eq } from 'drizzle-orm';
import type { AgentRow } from '../../agents/service';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { whatsappConfigs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { classifyGraphError, GraphError, type GraphClient, type GraphFailure } from './graph-client';
import { configurationProblem, verificationErrors } from './messages';
import { type CredentialBox, maskSecret } from '../core';

export interface ConfigurationDeps {
  db: Db;
  config: Config;
  secrets: CredentialBox;
  graph: GraphClient;
}

type ConfigRow = typeof whatsappConfigs.$inferSelect;
type OwnedAgent = Pick<AgentRow, 'id' | 'userId' | 'webhookId'>;

interface CredentialCheck {
  verification: WhatsAppVerification;
  failure?: GraphFailure;
  cause?: unknown;
}

async function loadRow(db: Db, agentId: string): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(whatsappConfigs).where(eq(whatsappConfigs.agentId, agentId));
  return row;
}

/** Decrypts a stored secret; null when it cannot be read (e.g. ENCRYPTION_KEY changed). */
function readSecret(deps: ConfigurationDeps, stored: string | null, agentId: string): string | null {
  if (!stored) return null;
  try {
    return deps.secrets.decrypt(stored, agentId);
  } catch {
    return null;
  }
}

function toView(deps: ConfigurationDeps, agent: OwnedAgent, row: ConfigRow | undefined): WhatsAppConfig {
  const masked = (stored: string | null) => {
    if (!stored) return null;
    const secret = readSecret(deps, stored, agent.id);
    return secret === null ? '••••••••' : maskSecret(secret);
  };
  return {
    configured: Boolean(row),
    webhookUrl: `${deps.config.publicUrl}/chat/${agent.webhookId}`,
    verifyToken: row?.verifyToken ?? deps.secrets.verifyTokenFor(agent.id),
    phoneNumberId: row?.phoneNumberId ?? null,
    metaToken: masked(row?.metaTokenEncrypted ?? null),
    appSecret: masked(row?.appSecretEncrypted ?? null),
    phoneNumber: row?.displayPhoneNumber ?? null,
    status: row?.status ?? null,
    qualityRating: row?.qualityRating ?? null,
    verifiedAt: row?.verifiedAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

function reasonOf(err: unknown, failure: GraphFailure): string {
  if (!(err instanceof GraphError) || failure === 'retry') return verificationErrors.unreachable;
  if (err.code === 190) return verificationErrors.token;
  if (err.code === 100) return verificationErrors.phoneNumberId;
  if (failure === 'credentials') return verificationErrors.permission;
  return verificationErrors.rejected(err.message.slice(0, 300));
}

/** The Graph API phone-number call with the given credentials (docs/product.md §3 verification result). */
async function checkCredentials(graph: GraphClient, token: string, phoneNumberId: string): Promise<CredentialCheck> {
  try {
    const info = await graph.getPhoneNumber(token, phoneNumberId);
    return {
      verification: {
        verified: true,
        phoneNumber: info.display_phone_number,
        status: info.status,
        quality_rating: info.quality_rating,
        error: null,
      },
    };
  } catch (err) {
    const failure = classifyGraphError(err);
    return {
      verification: { verified: false, phoneNumber: null, status: null, quality_rating: null, error: reasonOf(err, failure) },
      failure,
      cause: err,
    };
  }
}

const verifiedFields = (v: WhatsAppVerification) => ({
  displayPhoneNumber: v.phoneNumber,
  status: v.status,
  qualityRating: v.quality_rating,
  lastError: null,
  verifiedAt: new Date(),
  updatedAt: new Date(),
});

export async function getWhatsAppConfig(deps: ConfigurationDeps, agent: OwnedAgent): Promise<WhatsAppConfig> {
  return toView(deps, agent, await loadRow(deps.db, agent.id));
}

/**
 * Verify, then save (docs/product.md §5): the credentials are checked with the Graph API
 * and stored (encrypted) only when the check passes. An omitted Meta token or
 * app secret keeps the stored one.
 */
export async function saveWhatsAppConfig(deps: ConfigurationDeps, agent: OwnedAgent, input: WhatsAppConfigInput): Promise<WhatsAppCheck> {
  const existing = await loadRow(deps.db, agent.id);
  const metaToken = input.metaToken || readSecret(deps, existing?.metaTokenEncrypted ?? null, agent.id);
  if (!metaToken) {
    throw new AppError('VALIDATION_FAILED', 'Meta token is required', {
      userMessage: existing ? verificationErrors.unreadable : 'Informe o Token da Meta.',
      details: { metaToken: ['Informe o Token da Meta'] },
    });
  }
  // Meta issues an app secret with every app: without it, anyone could post notifications that make the agent
  // write to any number (issue 13, item 6).
  if (!input.appSecret && !existing?.appSecretEncrypted) {
    throw new AppError('VALIDATION_FAILED', 'The app secret is required', {
      userMessage: verificationErrors.appSecret,
      details: { appSecret: ['Informe a Chave Secreta do Aplicativo (App Secret)'] },
    });
  }
  const check = await checkCredentials(deps.graph, metaToken, input.phoneNumberId);
  if (!check.verification.verified) {
    const upstream = check.failure === 'retry';
    throw new AppError(
      upstream ? 'UPSTREAM_FAILED' : 'VALIDATION_FAILED',
      upstream ? 'Failed to verify WhatsApp configuration' : 'Invalid WhatsApp configuration',
      { userMessage: check.verification.error ?? verificationErrors.unreachable, cause: check.cause },
    );
  }
  const secrets = {
    phoneNumberId: input.phoneNumberId,
    metaTokenEncrypted: deps.secrets.encrypt(metaToken, agent.id),
    appSecretEncrypted: input.appSecret ? deps.secrets.encrypt(input.appSecret, agent.id) : (existing?.appSecretEncrypted ?? null),
  };
  const [row] = await deps.db
    .insert(whatsappConfigs)
    .values({
      agentId: agent.id,
      userId: agent.userId,
      verifyToken: existing?.verifyToken ?? deps.secrets.verifyTokenFor(agent.id),
      ...secrets,
      ...verifiedFields(check.verification),
    })
    .onConflictDoUpdate({ target: whatsappConfigs.agentId, set: { ...secrets, ...verifiedFields(check.verification) } })
    .returning();
  return { verification: check.verification, config: toView(deps, agent, row) };
}

/**
 * Re-checks the saved credentials (the modal does it on open). A refusal by
 * the Graph API is recorded as the configuration's error (shown on the agent);
 * a network failure is not.
 */
export async function reverifyWhatsAppConfig(deps: ConfigurationDeps, agent: OwnedAgent): Promise<WhatsAppCheck> {
  const existing = await loadRow(deps.db, agent.id);
  if (!existing) {
    throw new AppError('NOT_FOUND', 'WhatsApp configuration not found', { userMessage: 'Nenhuma configuração do WhatsApp salva.' });
  }
  const token = readSecret(deps, existing.metaTokenEncrypted, agent.id);
  const check: CredentialCheck = token
    ? await checkCredentials(deps.graph, token, existing.phoneNumberId)
    : {
        verification: { verified: false, phoneNumber: null, status: null, quality_rating: null, error: verificationErrors.unreadable },
        failure: 'credentials',
      };
  const update = check.verification.verified
    ? verifiedFields(check.verification)
    : check.failure !== 'retry'
      ? { lastError: configurationProblem(check.verification.error!) }
      : null;
  const [row] = update
    ? await deps.db.update(whatsappConfigs).set(update).where(eq(whatsappConfigs.agentId, agent.id)).returning()
    : [existing];
  return { verification: check.verification, config: toView(deps, agent, row) };
}
