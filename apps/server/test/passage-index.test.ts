import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema';
import { PassageIndexes } from '../src/knowledge/lexical-index';
import { backfillLexemes, deleteSourcePassages } from '../src/knowledge/passages';
import { lexicalSearch, searchTerms, type RetrievedPassage } from '../src/knowledge/retrieval';
import { questionWords } from '../src/knowledge/text-search';
import { BAKERY_ABOUT, createUserWithAgent } from './helpers/agents';
import { createTestContext, type TestContext } from './helpers/context';
import { addFilePassages } from './helpers/knowledge';

/** FaQuAD (bench/datasets/faquad, CC BY 4.0): real pt-BR paragraphs and questions nobody here wrote. */
const faquad = JSON.parse(readFileSync(new URL('../../../bench/datasets/faquad/faquad.json', import.meta.url), 'utf8')) as {
  data: Array<{ title: string; paragraphs: Array<{ context: string; qas: Array<{ question: string }> }> }>;
};

/** Limits that build an index again on every new version (the default waits 10 s between builds). */
const EVERY_TIME = { maxAgentBytes: 8_000_000, maxTotalBytes: 8_000_000, rebuildEveryMs: 0 };

describe('the in-memory passage index (ADR 0020)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.database.db;

  async function newAgent() {
    const { user, agent } = await createUserWithAgent(ctx);
    return { userId: user.id, agentId: agent.id };
  }

  const addFile = (owner: { userId: string; agentId: string }, name: string, chunks: string[]) => addFilePassages(ctx, owner, name, chunks);

  async function versionOf(agentId: string): Promise<number> {
    const [row] = await db().select({ version: agents.knowledgeVersion }).from(agents).where(eq(agents.id, agentId));
    return row!.version;
  }

  /** A ranking by score, passages of equal score (to 1e-9) in one group whatever their order. */
  const grouped = (ranking: RetrievedPassage[]) => {
    const groups: Array<{ score: number; ids: string[] }> = [];
    for (const p of ranking) {
      const last = groups.at(-1);
      if (last && Math.abs(last.score - p.score) <= 1e-9 * Math.max(1, Math.abs(p.score))) last.ids.push(p.id);
      else groups.push({ score: p.score, ids: [p.id] });
    }
    return groups.map((g) => ({ score: Number(g.score.toFixed(6)), ids: g.ids.sort() }));
  };

  it('ranks exactly as the SQL search on real documents and questions (FaQuAD)', async () => {
    const owner = await newAgent();
    const documents = faquad.data.slice(0, 6);
    for (const document of documents) await addFile(owner, `${document.title}.txt`, document.paragraphs.map((p) => p.context));
    const questions = documents.flatMap((d) => d.paragraphs.flatMap((p) => p.qas.map((q) => q.question)));
    expect(questions.length).toBeGreaterThan(150);
    const index = (await new PassageIndexes(db()).at(owner.agentId, await versionOf(owner.agentId)))!;
    let compared = 0;
    for (const question of questions) {
      // Every passage with a hit: no cut at the limit, where passages of equal score may be taken in any order.
      const expected = await lexicalSearch(db(), owner.agentId, question, 10_000);
      const actual = index.search(searchTerms(question), 10_000);
      expect(grouped(actual), question).toEqual(grouped(expected));
      for (const p of actual) expect(p.content.length).toBeGreaterThan(0);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it('is built once per knowledge version, which every write to the passages bumps in its own transaction', async () => {
    const owner = await newAgent();
    const indexes = new PassageIndexes(db(), { ...EVERY_TIME, maxAgentBytes: 1_000_000, maxTotalBytes: 1_000_000 });
    const search = async (question: string) => {
      const index = await indexes.at(owner.agentId, await versionOf(owner.agentId));
      return index!.search(questionWords(question), 8).map((p) => p.content);
    };
    const start = await versionOf(owner.agentId);
    const fileId = await addFile(owner, 'entregas.txt', ['Entregamos no bairro Jardim Botânico às terças.', 'Aceitamos Pix e cartões.']);
    const afterFile = await versionOf(owner.agentId);
    expect(afterFile).toBeGreaterThan(start);
    expect((await search('entrega no jardim botanico?'))[0]).toContain('Jardim Botânico');
    expect(await search('aceitam pix?')).toHaveLength(1);
    expect(indexes.loads).toBe(1); // the second search found it kept

    await db().execute(sql`update passages set content = content where agent_id = ${owner.agentId}`);
    expect(await versionOf(owner.agentId)).toBe(afterFile + 1); // one bump per statement, whatever its rows

    // Lexemes computed later (passages written before migration 0006) are found once computed.
    await db().execute(sql`update passages set tsv = null where agent_id = ${owner.agentId}`);
    expect(await search('aceitam pix?')).toEqual([]);
    await backfillLexemes(db(), pino({ level: 'silent' }));
    expect(await search('aceitam pix?')).toHaveLength(1);

    await deleteSourcePassages(db(), 'file', fileId);
    expect(await search('aceitam pix?')).toEqual([]);
    expect(indexes.loads).toBe(4);
  });

  it('leaves turns to SQL while the knowledge changes faster than it is worth building, and serves newer knowledge to older versions', async () => {
    const owner = await newAgent();
    await addFile(owner, 'lote-1.txt', ['Pão francês: R$ 0,90 a unidade.']);
    const indexes = new PassageIndexes(db(), { ...EVERY_TIME, rebuildEveryMs: 60_000 });
    const first = await versionOf(owner.agentId);
    expect(await indexes.at(owner.agentId, first)).not.toBeNull();
    await addFile(owner, 'lote-2.txt', ['Sonho de creme: R$ 6,50.']); // the next batch of a file being read
    expect(await indexes.at(owner.agentId, await versionOf(owner.agentId))).toBeNull(); // built a moment ago: SQL
    expect(indexes.loads).toBe(1);
    const fromSql = await lexicalSearch(db(), owner.agentId, 'sonho de creme');
    expect(fromSql.map((p) => p.content)).toEqual(['Sonho de creme: R$ 6,50.']);

    const fresh = new PassageIndexes(db(), EVERY_TIME);
    const latest = await fresh.at(owner.agentId, await versionOf(owner.agentId));
    expect(await fresh.at(owner.agentId, first)).toBe(latest); // a turn that read an older agent gets the newer index
    expect(fresh.loads).toBe(1);
  });

  it('is exact across instances: a write through another handle is seen at the version a turn reads', async () => {
    const owner = await newAgent();
    await addFile(owner, 'horario.txt', ['Abrimos de segunda a sábado, das 8h às 18h.']);
    const thisInstance = new PassageIndexes(db(), EVERY_TIME);
    const before = await thisInstance.at(owner.agentId, await versionOf(owner.agentId));
    expect(before!.search(questionWords('abrem no domingo?'), 8)).toEqual([]);
    await addFile(owner, 'domingo.txt', ['Aos domingos, das 7h às 12h45.']);
    const after = await thisInstance.at(owner.agentId, await versionOf(owner.agentId));
    expect(after!.search(questionWords('abrem no domingo?'), 8).map((p) => p.content)).toEqual(['Aos domingos, das 7h às 12h45.']);
  });

  it('leaves an agent whose passages are too large to SQL, and drops the least recently used past its budget', async () => {
    const small = await newAgent();
    const large = await newAgent();
    await addFile(small, 'pequeno.txt', ['Bolo de cenoura: R$ 25,00.']);
    await addFile(large, 'grande.txt', Array.from({ length: 40 }, (_, i) => `Produto ${i}: farinha de trigo integral, pacote de um quilo, preço especial.`));
    const indexes = new PassageIndexes(db(), { maxAgentBytes: 1_000, maxTotalBytes: 600, rebuildEveryMs: 0 });
    expect(await indexes.at(large.agentId, await versionOf(large.agentId))).toBeNull();
    expect(await indexes.at(large.agentId, await versionOf(large.agentId))).toBeNull();
    expect(indexes.loads).toBe(1); // "too large" is kept too, until the version changes

    const other = await newAgent();
    await addFile(other, 'outro.txt', ['Entregamos em toda a cidade de Campinas, de segunda a sexta, sem taxa para pedidos acima de R$ 80,00.']);
    await addFile(other, 'mais.txt', ['Aceitamos Pix, cartões de crédito e débito, e vale-refeição nas lojas do centro e do Cambuí.']);
    await indexes.at(small.agentId, await versionOf(small.agentId));
    await indexes.at(other.agentId, await versionOf(other.agentId)); // past 600: the small agent's goes
    expect(indexes.loads).toBe(3);
    await indexes.at(other.agentId, await versionOf(other.agentId));
    expect(indexes.loads).toBe(3);
    await indexes.at(small.agentId, await versionOf(small.agentId));
    expect(indexes.loads).toBe(4);
  });

  it('gives a chat turn the knowledge saved just before it', async () => {
    const { user, agent } = await createUserWithAgent(ctx, 'Bia');
    const save = (about: string) =>
      ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: 'Padaria', about, links: '' } });
    expect((await save('Funcionamos de segunda a sábado, das 6h às 20h.')).status).toBe(200);
    const ask = async (message: string) => {
      const res = await ctx.request(`/api/agents/${agent.id}/test-chat`, { method: 'POST', token: user.token, json: { message, sessionId: randomUUID() } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { output: string }).output;
    };
    expect(await ask('Quanto custa o bolo de cenoura?')).not.toContain('25,00');
    expect((await save(BAKERY_ABOUT)).status).toBe(200);
    expect(await ask('Quanto custa o bolo de cenoura?')).toContain('R$ 25,00');
  });
});
