import { z } from 'zod';
import { fileStatuses } from './files';

/** The longest company name the knowledge base takes. */
export const COMPANY_NAME_MAX = 200;

/** PUT /api/agents/{id}/knowledge: the company name, the about text and the links (one per line). */
export const knowledgeBaseInputSchema = z.object({
  companyName: z.string().trim().max(COMPANY_NAME_MAX, `Use no máximo ${COMPANY_NAME_MAX} caracteres`),
  about: z.string().trim().max(100_000, 'Use no máximo 100.000 caracteres'),
  links: z.string().trim().max(10_000, 'Use no máximo 10.000 caracteres'),
});
export type KnowledgeBaseInput = z.infer<typeof knowledgeBaseInputSchema>;

/** GET and PUT /api/agents/{id}/knowledge. */
export const knowledgeBaseSchema = z.object({
  companyName: z.string(),
  about: z.string(),
  links: z.string(),
  /**
   * What of `links` was not read, one per line ("link or text: reason", pt-BR): links that could not be fetched, and
   * lines that are not web addresses, not http/https, or point at a private network. Null when everything was read.
   */
  linksReport: z.string().nullable(),
  /** The saved links are still being read in the background (linksReport still describes the last reading). */
  linksPending: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

/** An uploaded file and its ingestion status. */
export const knowledgeFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number(),
  mimeType: z.string(),
  status: z.enum(fileStatuses),
  error: z.string().nullable(),
  /** A file read only in part: what was left out and why (pt-BR), or null. */
  notice: z.string().nullable(),
  passages: z.number(),
  /** True when the passages have embeddings (semantic search); false = lexical search only. */
  embedded: z.boolean(),
  /** Signed download link (valid for a year). */
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;

/** GET /api/agents/{id}/files: the files and how the agent searches them. */
export const knowledgeFileListSchema = z.object({
  files: z.array(knowledgeFileSchema),
  /** 'lexical' when no embeddings provider is configured: keyword search only. */
  retrieval: z.enum(['hybrid', 'lexical']),
});
export type KnowledgeFileList = z.infer<typeof knowledgeFileListSchema>;

/** POST /api/agents/{id}/files: the stored files, queued for ingestion. */
export const uploadedFilesSchema = z.object({ files: z.array(knowledgeFileSchema) });
