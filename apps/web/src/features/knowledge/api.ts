import {
  isApiErrorBody,
  type KnowledgeBaseInput,
  type KnowledgeFile,
  type KnowledgeFileList,
  type TaughtAnswerInput,
  type TaughtAnswerPatch,
} from '@atende/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, call, client } from '../../lib/api';

export const knowledgeKeys = {
  base: (agentId: string) => ['knowledge', agentId] as const,
  files: (agentId: string) => ['knowledge', agentId, 'files'] as const,
  answers: (agentId: string) => ['knowledge', agentId, 'answers'] as const,
};

const agentPath = (agentId: string) => `/api/agents/${encodeURIComponent(agentId)}`;

/** How often the file list refreshes while a file is still being ingested. */
const INGESTION_POLL_MS = 1500;
/** How often the knowledge base refreshes while its links are read in the background. */
const LINKS_POLL_MS = 2000;

const isIngesting = (file: KnowledgeFile) => file.status === 'queued' || file.status === 'processing';

/**
 * The saved company name, about text and links; always fresh on open. Until
 * `refreshUntil` (a timestamp) it refreshes, so the report of unreadable links
 * shows up once the background fetch is done.
 */
export function useKnowledgeBase(agentId: string, refreshUntil = 0) {
  return useQuery({
    queryKey: knowledgeKeys.base(agentId),
    queryFn: () => call(client.api.agents[':id'].knowledge.$get({ param: { id: agentId } })),
    staleTime: 0,
    refetchInterval: () => (Date.now() < refreshUntil ? LINKS_POLL_MS : false),
  });
}

/** Saving re-indexes the text at once; the links are fetched in the background. */
export function useSaveKnowledgeBase(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KnowledgeBaseInput) => call(client.api.agents[':id'].knowledge.$put({ param: { id: agentId }, json: input })),
    onSuccess: (saved) => queryClient.setQueryData(knowledgeKeys.base(agentId), saved),
  });
}

/** The agent's files, refreshed every 1.5 s while any of them is queued or processing. */
export function useKnowledgeFiles(agentId: string) {
  return useQuery({
    queryKey: knowledgeKeys.files(agentId),
    queryFn: () => call(client.api.agents[':id'].files.$get({ param: { id: agentId } })),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.files.some(isIngesting) ? INGESTION_POLL_MS : false),
  });
}

/**
 * Applies a change the server has just made to the cached file list. A fetch of the list already in flight
 * is cancelled first: its older answer would otherwise bring a deleted file back, or drop an uploaded one.
 * Without a list yet (it failed to load), the list is fetched again instead.
 */
export async function updateFileList(queryClient: QueryClient, agentId: string, change: (files: KnowledgeFile[]) => KnowledgeFile[]) {
  const queryKey = knowledgeKeys.files(agentId);
  await queryClient.cancelQueries({ queryKey });
  if (!queryClient.getQueryData<KnowledgeFileList>(queryKey)) return queryClient.invalidateQueries({ queryKey });
  queryClient.setQueryData<KnowledgeFileList>(queryKey, (list) => list && { ...list, files: change(list.files) });
}

/** Deleting a file also removes its passages: the agent stops using it at once. */
export function useDeleteFile(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => call(client.api.agents[':id'].files[':fileId'].$delete({ param: { id: agentId, fileId } })),
    onSuccess: (_data, fileId) => updateFileList(queryClient, agentId, (files) => files.filter((file) => file.id !== fileId)),
  });
}

/**
 * Shows freshly uploaded files at once. They start 'na fila', so the list's refetchInterval (re-evaluated on
 * every cache update) polls their ingestion from here on: no extra fetch per uploaded file.
 */
export function useAddUploadedFiles(agentId: string) {
  const queryClient = useQueryClient();
  return (uploaded: KnowledgeFile[]) =>
    updateFileList(queryClient, agentId, (files) => [...uploaded, ...files.filter((file) => !uploaded.some((u) => u.id === file.id))]);
}

/**
 * Uploads ONE file (docs/product.md §4: each file in its own request) with upload
 * progress, which fetch cannot report. Fails with an ApiError carrying the
 * server's pt-BR message, or a plain Error when the network fails.
 */
export function uploadFile(agentId: string, file: File, onProgress: (fraction: number) => void): Promise<KnowledgeFile[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${agentPath(agentId)}/files`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status === 201) resolve((body as { files: KnowledgeFile[] }).files);
      else if (isApiErrorBody(body)) reject(new ApiError(xhr.status, body.error.code, body.error.message, body.error.userMessage));
      else reject(new Error(`Upload failed with status ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    const form = new FormData();
    form.append('files', file);
    xhr.send(form);
  });
}

/** The agent's taught answers ('Ensinar resposta'), newest first. */
export function useTaughtAnswers(agentId: string) {
  return useQuery({
    queryKey: knowledgeKeys.answers(agentId),
    queryFn: () => call(client.api.agents[':id'].answers.$get({ param: { id: agentId } })),
    staleTime: 0,
  });
}

/** Teaches an answer: the agent uses it from the next message on. Refreshes the list and the Painel. */
export function useTeachAnswer(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaughtAnswerInput) => call(client.api.agents[':id'].answers.$post({ param: { id: agentId }, json: input })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: knowledgeKeys.answers(agentId) }), queryClient.invalidateQueries({ queryKey: ['insights'] })]),
  });
}

export function useUpdateTaughtAnswer(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, patch }: { answerId: string; patch: TaughtAnswerPatch }) =>
      call(client.api.agents[':id'].answers[':answerId'].$patch({ param: { id: agentId, answerId }, json: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.answers(agentId) }),
  });
}

export function useDeleteTaughtAnswer(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) => call(client.api.agents[':id'].answers[':answerId'].$delete({ param: { id: agentId, answerId } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: knowledgeKeys.answers(agentId) }), queryClient.invalidateQueries({ queryKey: ['insights'] })]),
  });
}

/** Whether the agent has been taught anything yet: an about text, links or a file (the workspace's checklist). */
export function useHasKnowledge(agentId: string): boolean {
  const base = useKnowledgeBase(agentId);
  const files = useKnowledgeFiles(agentId);
  return Boolean(base.data?.about.trim() || base.data?.links.trim() || (files.data?.files.length ?? 0) > 0);
}
