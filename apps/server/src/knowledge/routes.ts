import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { MAX_FILE_BYTES } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { requireAuth } from '../auth/guard';
import type { AppEnv } from '../http/context';
import { AppError } from '../lib/errors';
import { errorResponses, sessionSecurity } from '../http/openapi';
import type { Logger } from '../logger';
import type { Services } from '../services';
import { deleteFile, listFiles, toFileDto, uploadFiles } from './files';
import { getKnowledgeBase, knowledgeBaseSchema, saveKnowledgeBase } from './knowledge-base';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const IdParams = z.object({ id: z.string().min(1).max(64) });
const FileParams = IdParams.extend({ fileId: z.string().min(1).max(64) });

const KnowledgeSchema = z
  .object({
    companyName: z.string(),
    about: z.string(),
    links: z.string(),
    linksReport: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .openapi('KnowledgeBase');
const FileSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    size: z.number(),
    mimeType: z.string(),
    status: z.enum(['queued', 'processing', 'ready', 'error']),
    error: z.string().nullable(),
    passages: z.number(),
    embedded: z.boolean(),
    url: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('KnowledgeFile');
const FileListSchema = z.object({ files: z.array(FileSchema), retrieval: z.enum(['hybrid', 'lexical']) }).openapi('KnowledgeFileList');

const routes = {
  getKnowledge: createRoute({
    method: 'get',
    path: '/api/agents/{id}/knowledge',
    tags: ['knowledge'],
    summary: 'Company name, about text and links',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: json(KnowledgeSchema, 'Knowledge base'), ...errorResponses(401, 404) },
  }),
  putKnowledge: createRoute({
    method: 'put',
    path: '/api/agents/{id}/knowledge',
    tags: ['knowledge'],
    summary: 'Save the knowledge base (text indexed at once; links fetched in the background)',
    security: sessionSecurity,
    request: { params: IdParams, body: { content: { 'application/json': { schema: knowledgeBaseSchema } }, required: true } },
    responses: { 200: json(KnowledgeSchema, 'Saved'), ...errorResponses(400, 401, 404) },
  }),
  listFiles: createRoute({
    method: 'get',
    path: '/api/agents/{id}/files',
    tags: ['knowledge'],
    summary: "The agent's files and their ingestion status",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: json(FileListSchema, 'Files'), ...errorResponses(401, 404) },
  }),
  deleteFile: createRoute({
    method: 'delete',
    path: '/api/agents/{id}/files/{fileId}',
    tags: ['knowledge'],
    summary: 'Delete a file and its passages',
    security: sessionSecurity,
    request: { params: FileParams },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
  }),
};

export function knowledgeRoutes(deps: { db: Db; auth: Auth; config: Config; services: Services; logger: Logger }) {
  const { db, auth, config, services } = deps;
  const filesDeps = { db, config, storage: services.storage, signer: services.signer, ingestion: services.ingestion, logger: deps.logger };
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/knowledge', requireAuth(auth));
  app.use('/api/agents/:id/files', requireAuth(auth));
  app.use('/api/agents/:id/files/*', requireAuth(auth));
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/agents/{id}/files',
    tags: ['knowledge'],
    summary: 'Upload files (multipart field "files"; pdf, txt, csv, doc, docx, xls, xlsx; 50 MB each)',
    security: sessionSecurity,
    request: {
      params: IdParams,
      body: { content: { 'multipart/form-data': { schema: z.object({ files: z.array(z.string().openapi({ format: 'binary' })) }) } } },
    },
    responses: { 201: json(z.object({ files: z.array(FileSchema) }), 'Stored and queued'), ...errorResponses(400, 401, 404, 413, 415) },
  });
  app.post(
    '/api/agents/:id/files',
    bodyLimit({
      maxSize: MAX_FILE_BYTES + 1024 * 1024,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', 'Upload too large', {
          userMessage: 'O envio passa do limite de 50 MB por arquivo. Envie um arquivo por vez.',
        });
      },
    }),
    async (c) => {
      const agent = await owned(c, c.req.param('id'));
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw new AppError('VALIDATION_FAILED', 'Expected multipart/form-data', { userMessage: 'Envio de arquivos inválido.' });
      });
      const field = form.files;
      const list = (Array.isArray(field) ? field : field ? [field] : []).filter((f): f is File => f instanceof File);
      const uploads = await Promise.all(
        list.map(async (f) => ({ name: f.name, type: f.type, bytes: new Uint8Array(await f.arrayBuffer()) })),
      );
      const rows = await uploadFiles(filesDeps, { userId: agent.userId, agentId: agent.id }, uploads);
      return c.json({ files: rows.map((r) => toFileDto(r, filesDeps)) }, 201);
    },
  );

  // The owner's own download (cookie or bearer), and the signed link for anyone holding it.
  app.get('/api/agents/:id/files/:fileId/download', async (c) => {
    const agent = await owned(c, c.req.param('id'));
    const [row] = await db.select().from(files).where(eq(files.id, c.req.param('fileId')));
    if (!row || row.agentId !== agent.id) throw new AppError('NOT_FOUND', 'File not found', { userMessage: 'Arquivo não encontrado.' });
    return sendFile(services, row);
  });
  app.get('/files/:fileId', async (c) => {
    const fileId = c.req.param('fileId');
    if (!services.signer.verify(fileId, c.req.query('expires'), c.req.query('signature'))) {
      throw new AppError('FORBIDDEN', 'Invalid or expired file link', { userMessage: 'Link de arquivo inválido ou expirado.' });
    }
    const [row] = await db.select().from(files).where(eq(files.id, fileId));
    if (!row) throw new AppError('NOT_FOUND', 'File not found', { userMessage: 'Arquivo não encontrado.' });
    return sendFile(services, row);
  });

  return app
    .openapi(routes.getKnowledge, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      return c.json(await getKnowledgeBase(db, agent.id), 200);
    })
    .openapi(routes.putKnowledge, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      const saved = await saveKnowledgeBase(db, { userId: agent.userId, agentId: agent.id }, c.req.valid('json'));
      await services.ingestion.enqueueKnowledge(agent.id);
      return c.json(saved, 200);
    })
    .openapi(routes.listFiles, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-store');
      const rows = await listFiles(db, agent.id);
      return c.json({ files: rows.map((r) => toFileDto(r, filesDeps)), retrieval: services.retriever.mode }, 200);
    })
    .openapi(routes.deleteFile, async (c) => {
      const { id, fileId } = c.req.valid('param');
      const agent = await owned(c, id);
      await deleteFile(filesDeps, agent.id, fileId);
      return c.body(null, 204);
    });
}

async function sendFile(services: Services, row: typeof files.$inferSelect): Promise<Response> {
  const bytes = await services.storage.get(row.path);
  return new Response(bytes, {
    headers: {
      'Content-Type': row.mimeType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
