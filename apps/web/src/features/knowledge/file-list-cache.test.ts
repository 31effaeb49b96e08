import type { KnowledgeFile, KnowledgeFileList } from '@atende/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { knowledgeKeys, updateFileList } from './api';

const file = (id: string) => ({ id, filename: `${id}.pdf`, status: 'ready' }) as KnowledgeFile;
const key = knowledgeKeys.files('agente');
const ids = (client: QueryClient) => client.getQueryData<KnowledgeFileList>(key)?.files.map((f) => f.id);

describe('updateFileList', () => {
  it('cancels a fetch of the list in flight, whose older answer would bring a deleted file back', async () => {
    const client = new QueryClient();
    client.setQueryData<KnowledgeFileList>(key, { files: [file('a'), file('b')], retrieval: 'lexical' });
    let answer!: (list: KnowledgeFileList) => void;
    const inFlight = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<KnowledgeFileList>((resolve) => (answer = resolve)), staleTime: 0 });
    await updateFileList(client, 'agente', (files) => files.filter((f) => f.id !== 'b'));
    answer({ files: [file('a'), file('b')], retrieval: 'lexical' }); // the server's answer from before the delete
    await inFlight.catch(() => undefined);
    expect(ids(client)).toEqual(['a']);
  });

  it('fetches the list again when there is none to change (it had failed to load)', async () => {
    const client = new QueryClient();
    let fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey: key,
      retry: false,
      queryFn: async () => {
        fetches += 1;
        if (fetches === 1) throw new Error('offline');
        return { files: [file('novo')], retrieval: 'lexical' } as KnowledgeFileList;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    await updateFileList(client, 'agente', (files) => [file('novo'), ...files]);
    expect(fetches).toBe(2);
    expect(ids(client)).toEqual(['novo']);
    unsubscribe();
  });
});
