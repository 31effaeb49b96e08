import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { DOCUMENT_KINDS, knowledgeBaseInputSchema, knowledgeBaseSchema, knowledgeFileListSchema, MAX_FILE_BYTES, uploadedFilesSchema } from '@atende/shared';
import { eq } from 'drizzle-orm';
import { bodyLimit } from '../http/body-limit';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/guard';
import { files } from '../db/schema';
import type { FileStorage } from '../files/storage';
import type { AppEnv } from '../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, pathId, sessionSecurity } from '../http/openapi';
import { AppError, notFound } from '../lib/errors';
import { deleteFile, listFiles, toFileDto, uploadFiles, type FilesDeps } from './files';
import { getKnowledgeBase, saveKnowledgeBase } from './knowledge-base';
import type { Retriever } from './retrieval';

const FileParams = IdParams.extend({ fileId: pathId });
const KnowledgeSchema = named(knowledgeBaseSchema, 'KnowledgeBase');

const routes = {
  getKnowledge: createRoute({
    method: 'get',
    path: '/api/agents/{id}/knowledge',
    tags: ['knowledge'],
    summary: 'Company name, about text and links',
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(KnowledgeSchema, 'Knowledge base'), ...errorResponses(401, 404) },
  }),
  putKnowledge: createRoute({
    method: 'put',
    path: '/api/agents/{id}/knowledge',
    tags: ['knowledge'],
    summary: 'Save the knowledge base (text indexed at once; links fetched in the background)',
    security: sessionSecurity,
    request: { params: IdParams, body: jsonBody(knowledgeBaseInputSchema) },
    responses: { 200: jsonResponse(KnowledgeSchema, 'Saved'), ...errorResponses(400, 401, 404) },
  }),
  listFiles: createRoute({
    method: 'get',
    path: '/api/agents/{id}/files',
    tags: ['knowledge'],
    summary: "The agent's files and their ingestion status",
    security: sessionSecurity,
    request: { params: IdParams },
    responses: { 200: jsonResponse(named(knowledgeFileListSchema, 'KnowledgeFileList'), 'Files'), ...errorResponses(401, 404) },
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

export interface KnowledgeRoutesDeps extends FilesDeps {
  auth: Auth;
  retriever: Pick<Retriever, 'mode'>;
}

export function knowledgeRoutes(deps: KnowledgeRoutesDeps) {
  const { db, auth, storage, signer, ingestion, retriever } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/knowledge', requireAuth(auth));
  app.use('/api/agents/:id/files', requireAuth(auth));
  app.use('/api/agents/:id/files/*', requireAuth(auth));
  const owned = (c: { var: AppEnv['Variables'] }, agentId: string) => getOwnedAgent(db, c.var.auth.user.id, agentId);

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/agents/{id}/files',
    tags: ['knowledge'],
    summary: `Upload files (multipart field "files"; ${DOCUMENT_KINDS.join(', ')}; 50 MB each)`,
    security: sessionSecurity,
    request: {
      params: IdParams,
      body: { content: { 'multipart/form-data': { schema: z.object({ files: z.array(z.string().openapi({ format: 'binary' })) }) } } },
    },
    responses: { 201: jsonResponse(uploadedFilesSchema, 'Stored and queued'), ...errorResponses(400, 401, 404, 413, 415) },
  });
  return app
    .openapi(routes.getKnowledge, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      return c.json(await getKnowledgeBase(db, agent.id), 200);
    })
    .openapi(routes.putKnowledge, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      const saved = await saveKnowledgeBase(db, { userId: agent.userId, agentId: agent.id }, c.req.valid('json'));
      await ingestion.enqueueKnowledge(agent.id);
      return c.json(saved, 200);
    })
    .openapi(routes.listFiles, async (c) => {
      const agent = await owned(c, c.req.valid('param').id);
      c.header('Cache-Control', 'private, no-store');
      const rows = await listFiles(db, agent.id);
      return c.json({ files: rows.map((r) => toFileDto(r, deps)), retrieval: retriever.mode }, 200);
    })
    .openapi(routes.deleteFile, async (c) => {
      const { id, fileId } = c.req.valid('param');
      const agent = await owned(c, id);
      await deleteFile(deps, agent.id, fileId);
      return c.body(null, 204);
    })
    .post(
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
        const rows = await uploadFiles(deps, { userId: agent.userId, agentId: agent.id }, uploads);
        return c.json({ files: rows.map((r) => toFileDto(r, deps)) }, 201);
      },
    )
    // The owner's own download (cookie or bearer), and the signed link for anyone holding it.
    .get('/api/agents/:id/files/:fileId/download', async (c) => {
      const agent = await owned(c, c.req.param('id'));
      const [row] = await db.select().from(files).where(eq(files.id, c.req.param('fileId')));
      if (!row || row.agentId !== agent.id) throw notFound('File');
      return sendFile(storage, row);
    })
    .get('/files/:fileId', async (c) => {
      const fileId = c.req.param('fileId');
      if (!signer.verify(fileId, c.req.query('expires'), c.req.query('signature'))) {
        throw new AppError('FORBIDDEN', 'Invalid or expired file link', { userMessage: 'Link de arquivo inválido ou expirado.' });
      }
      const [row] = await db.select().from(files).where(eq(files.id, fileId));
      if (!row) throw notFound('File');
      return sendFile(storage, row);
    });
}

async function sendFile(storage: FileStorage, row: typeof files.$inferSelect): Promise<Response> {
  const bytes = await storage.get(row.path);
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
