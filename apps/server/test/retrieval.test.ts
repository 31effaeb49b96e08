import { readFileSync } from 'node:fs';
import { stemmer } from '@orama/stemmers/portuguese';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillLexemes } from '../src/knowledge/passages';
import { lexicalSearch } from '../src/knowledge/retrieval';
import { passageLexemes } from '../src/knowledge/forms';
import { lexemeSet, questionWords, toTsvector } from '../src/knowledge/text-search';
import { createUserWithAgent } from './helpers/agents';
import { createTestContext, type TestContext } from './helpers/context';
import { addFilePassages } from './helpers/knowledge';

const silent = pino({ level: 'silent' });

describe('lexical retrieval', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const addFile = (owner: { userId: string; agentId: string }, name: string, chunks: string[]) => addFilePassages(ctx, owner, name, chunks);

  async function newAgent() {
    const { user, agent } = await createUserWithAgent(ctx);
    return { userId: user.id, agentId: agent.id };
  }

  const contents = async (agentId: string, question: string) => (await lexicalSearch(ctx.database.db, agentId, question)).map((p) => p.content);
  /** Runs a migration that clears the lexemes of passages written before, then the workers' sweep; the agent's passages it cleared. */
  /** Stores a passage's lexemes as an earlier release computed them (for a migration to find and clear). */
  async function storedAsBefore(agentId: string, content: string, lexemes: Iterable<string>) {
    await ctx.database.db.execute(sql`update passages set tsv = ${toTsvector(new Set(lexemes))}::tsvector where agent_id = ${agentId} and content = ${content}`);
  }

  /**
   * The lexemes of a text's words only, as releases before its written forms and joined words computed them (for a text
   * without a number written "5.000" or "10 mil", which questionWords reads as its bare digits).
   */
  const wordsOnly = (text: string) => questionWords(text).flat();

  async function lexemesRecomputedBy(migration: string, agentId: string): Promise<string[]> {
    const text = readFileSync(new URL(`../src/db/migrations/${migration}.sql`, import.meta.url), 'utf8');
    await ctx.database.db.execute(sql.raw(text.replace(/^--.*$/gm, '')));
    const cleared = (await ctx.database.db.execute(sql`select content from passages where agent_id = ${agentId} and tsv is null`)) as unknown as { rows: Array<{ content: string }> };
    await ctx.services.ingestion.sweep();
    return cleared.rows.map((r) => r.content);
  }

  it('weighs words by rarity: the one passage about the rare word wins over many about the common one', async () => {
    const owner = await newAgent();
    const common = Array.from({ length: 30 }, (_, i) => `Banho e tosa para gato de porte ${i}: valor sob consulta, gato precisa estar vacinado.`);
    await addFile(owner, 'servicos.txt', [...common, 'Aplicação de microchip: R$ 120,00, feita pela veterinária.']);
    const found = await contents(owner.agentId, 'quanto custa colocar microchip no meu gato?');
    expect(found[0]).toContain('microchip');
    expect(found).toHaveLength(8);
  });

  it('finds accents, plurals and derived forms, and only the asking agent’s passages', async () => {
    const owner = await newAgent();
    const other = await newAgent();
    await addFile(owner, 'cuidados.txt', [
      'Depois da extração, em caso de sangramento, morda uma gaze por 30 minutos.',
      'Informação sobre pagamentos: aceitamos cartões de crédito e Pix.',
      'Horário: de segunda a sexta, das 8h às 18h.',
    ]);
    await addFile(other, 'segredo.txt', ['Sangramento e cartões: texto de outro agente.']);
    expect((await contents(owner.agentId, 'o que fazer se sangrar?'))[0]).toContain('morda uma gaze');
    expect((await contents(owner.agentId, 'voces aceitam cartao? quero informacoes'))[0]).toContain('cartões de crédito');
    const everything = await contents(owner.agentId, 'sangramento cartões informação horário outro agente');
    expect(everything).toHaveLength(3);
    expect(everything.join(' ')).not.toContain('outro agente');
    expect(await contents(owner.agentId, 'de o a que')).toEqual([]); // stop words only
  });

  it('finds a phone number, an e-mail address and an Instagram handle by the word that names them', async () => {
    const owner = await newAgent();
    const contact = 'Pedidos: (11) 98888-7777 ou pedidos@paoquente.com.br. Siga @padariapaoquente.';
    await addFile(owner, 'loja.txt', ['Bolo de cenoura: R$ 38,00.', contact, 'Abrimos às 7h.']);
    for (const question of ['qual o telefone?', 'vocês têm whatsapp?', 'qual o e-mail de vocês?', 'me passa o email', 'qual o insta?', 'tem instagram?']) {
      expect(await contents(owner.agentId, question), question).toEqual([contact]);
    }
    await addFile(owner, 'pagamento.txt', ['Cartão de crédito (em até 12x)']);
    expect(await contents(owner.agentId, 'parcela em quantas vezes?')).toEqual(['Cartão de crédito (em até 12x)']);
    // A CEP, a date or a price is not a phone number.
    const other = await newAgent();
    await addFile(other, 'loja.txt', ['CEP 01310-100, entrega em 15/03/2025 por R$ 1.234,00.']);
    expect(await contents(other.agentId, 'qual o telefone?')).toEqual([]);
  });

  it("finds a kind's brands (one way) and a two-word name written as one ('cachorro quente' / 'DOG')", async () => {
    const owner = await newAgent();
    const drinks = 'Heineken long neck - R$ 10,00\nBrahma lata - R$ 6,00';
    const dogs = 'DOG SIMPLES - R$ 12,00';
    const beer = 'Chopp artesanal da casa - R$ 14,00';
    await addFile(owner, 'cardapio.txt', [drinks, dogs, 'Bolo de cenoura: R$ 38,00.', beer]);
    expect((await contents(owner.agentId, 'vocês têm cerveja?')).sort()).toEqual([beer, drinks].sort());
    expect(await contents(owner.agentId, 'tem brahma?')).toEqual([drinks]);
    expect(await contents(owner.agentId, 'quanto é o cachorro quente?')).toEqual([dogs]);
    expect(await contents(owner.agentId, 'tem hot dog?')).toEqual([dogs]);
  });

  it('finds the forms in passages written before they were indexed, once migration 0017 and the sweep have run', async () => {
    const owner = await newAgent();
    const contact = 'Encomendas pelo (11) 98888-7777.';
    await addFile(owner, 'antigo.txt', [contact, 'Abrimos às 7h.']);
    // As written before: the words' lexemes only.
    await storedAsBefore(owner.agentId, contact, lexemeSet(contact));
    expect(await contents(owner.agentId, 'qual o telefone?')).toEqual([]);
    expect(await lexemesRecomputedBy('0017_passage_forms', owner.agentId)).toEqual([contact]);
    expect(await contents(owner.agentId, 'qual o telefone?')).toEqual([contact]);
  });

  it('finds the days a passage names by a range or a group, also in passages written before (migration 0020)', async () => {
    const owner = await newAgent();
    const week = 'Funcionamos de segunda a sexta, das 9h às 18h.';
    const weekend = 'Fins de semana: das 10h às 14h.';
    const short = 'Seg-Sex 8h às 17h';
    await addFile(owner, 'horarios.txt', [week, weekend, 'Bolo de cenoura: R$ 38,00.']);
    expect(await contents(owner.agentId, 'vocês abrem na quarta?')).toEqual([week]);
    expect(await contents(owner.agentId, 'e no sábado?')).toEqual([weekend]);
    expect((await contents(owner.agentId, 'abrem no fim de semana?'))[0]).toBe(weekend); // the week's after it: "abrem" 
    expect(await contents(owner.agentId, 'abre 4ª feira?')).toEqual([week]);
    // As written before: the words' lexemes only.
    const other = await newAgent();
    await addFile(other, 'antigo.txt', [short, 'Ter uma conta é grátis.']);
    await storedAsBefore(other.agentId, short, lexemeSet(short));
    expect(await contents(other.agentId, 'abrem na quinta?')).toEqual([]);
    expect(await lexemesRecomputedBy('0020_passage_weekdays', other.agentId)).toEqual([short]);
    expect(await contents(other.agentId, 'abrem na quinta?')).toEqual([short]);
  });

  it('finds an address and a schedule by the words that name them, also in passages written before (migration 0023)', async () => {
    // A dog hotel's contact page (QA pass 4): no "endereço", "horário" or "telefone" anywhere.
    const owner = await newAgent();
    const address = 'Av. Afonso Pena, 760 - Santos/SP';
    const schedule = 'Segunda à Sábado\n09:00 às 12:00hs\n14:00 às 18:00hs';
    await addFile(owner, 'contato.txt', [address, schedule, 'Banho e tosa: sob consulta.', 'Plano de 3 meses: 10% de desconto.']);
    expect(await contents(owner.agentId, 'qual o endereco')).toEqual([address]);
    for (const question of ['qual o horário?', 'que horas vcs atendem']) expect(await contents(owner.agentId, question), question).toEqual([schedule]);
    // As written before: the words' lexemes only.
    for (const text of [address, schedule]) {
      await storedAsBefore(owner.agentId, text, wordsOnly(text));
    }
    expect(await contents(owner.agentId, 'qual o endereco')).toEqual([]);
    expect((await lexemesRecomputedBy('0023_passage_addresses_and_schedules', owner.agentId)).sort()).toEqual([address, schedule].sort());
    expect(await contents(owner.agentId, 'qual o endereco')).toEqual([address]);
    expect(await contents(owner.agentId, 'qual o horário?')).toEqual([schedule]);
  });

  it('finds a street labelled with its street word ("Av.: Afonso Pena, 760") by "endereço", also in passages written before (migration 0027)', async () => {
    // A hotel's contact list (QA pass 8: "* Rua: Pinheiro Machado, 2310"; "rua" itself is a synonym of "endereço", "av" is not).
    const owner = await newAgent();
    const address = '* Av.: Afonso Pena, 760\n* CEP: 97050-600\n* Santa Maria - RS';
    await addFile(owner, 'contato.txt', [address, 'Café da manhã incluído na diária.', 'Estacionamento com 20 vagas.']);
    expect(await contents(owner.agentId, 'qual o endereço do hotel?')).toEqual([address]);
    await storedAsBefore(owner.agentId, address, wordsOnly(address));
    expect(await contents(owner.agentId, 'qual o endereço do hotel?')).toEqual([]);
    expect(await lexemesRecomputedBy('0027_passage_labelled_streets', owner.agentId)).toEqual([address]);
    expect(await contents(owner.agentId, 'qual o endereço do hotel?')).toEqual([address]);
  });

  it('finds a word written with a hyphen by the word written without it, also in passages written before (migration 0022)', async () => {
    const owner = await newAgent();
    const tariff = 'Incluídos na tarifa: café da manhã, WI-FI e estacionamento.';
    await addFile(owner, 'pousada.txt', [tariff, 'Crianças até 5 anos não pagam.']);
    expect(await contents(owner.agentId, 'tem wifi?')).toEqual([tariff]);
    // As written before: the words' lexemes only.
    await storedAsBefore(owner.agentId, tariff, wordsOnly(tariff));
    expect(await contents(owner.agentId, 'tem wifi?')).toEqual([]);
    expect(await lexemesRecomputedBy('0022_passage_hyphenated_words', owner.agentId)).toEqual([tariff]);
    expect(await contents(owner.agentId, 'tem wifi?')).toEqual([tariff]);
  });

  it('finds a plural in -óis / -éis / -ais by its singular in -l and back, also in passages written before (migration 0024)', async () => {
    // A florist's price list (QA pass 5): "buquê de girassol" asked, "6 girassóis" written.
    const owner = await newAgent();
    const bouquet = 'Buquê com 6 girassóis e papéis de seda: R$ 89,90.';
    const vase = 'Vaso de cerâmica azul com lavanda: R$ 60,00.';
    const delivery = 'Entregamos em mais de 20 bairros.';
    await addFile(owner, 'flores.txt', [bouquet, vase, delivery]);
    expect(await contents(owner.agentId, 'tem girassol?')).toEqual([bouquet]);
    expect(await contents(owner.agentId, 'tem vasos azuis?')).toEqual([vase]);
    // As written before: the lexemes of the plurals' singulars left out.
    const before = [...passageLexemes(bouquet)].filter((l) => !lexemeSet('girassol papel').has(l));
    await storedAsBefore(owner.agentId, bouquet, before);
    expect(await contents(owner.agentId, 'tem girassol?')).toEqual([]);
    // "mais" is no such plural: that passage keeps its lexemes.
    expect(await lexemesRecomputedBy('0024_passage_plurals_in_is', owner.agentId)).toEqual([bouquet]);
    expect(await contents(owner.agentId, 'tem girassol?')).toEqual([bouquet]);
    expect(await contents(owner.agentId, 'papel de seda')).toEqual([bouquet]);
  });

  it('finds a mobile number whose leading 9 stands apart by "telefone", also in passages written before (migration 0025)', async () => {
    // A school's information sheet (QA pass 6).
    const owner = await newAgent();
    const contact = 'Secretaria: (85) 9 9970-1822';
    await addFile(owner, 'escola.txt', [contact, 'Mensalidade: R$ 300,00.']);
    expect(await contents(owner.agentId, 'qual o telefone?')).toEqual([contact]);
    // As written before: the words' lexemes only.
    await storedAsBefore(owner.agentId, contact, wordsOnly(contact));
    expect(await contents(owner.agentId, 'qual o telefone?')).toEqual([]);
    expect(await lexemesRecomputedBy('0025_passage_phones_spaced_nine', owner.agentId)).toEqual([contact]);
    expect(await contents(owner.agentId, 'qual o telefone?')).toEqual([contact]);
  });

  it('finds a number written "5.000" or "10 mil" by its bare digits and back, also in passages written before (migration 0026)', async () => {
    // A workshop's service list (QA pass 7): "Revisão de 5.000 km" asked as "revisão de 5000 km", "10 mil km".
    const owner = await newAgent();
    const five = 'Revisão de 5.000 km: troca de óleo, R$ 80-150.';
    const ten = 'Revisão de 10 mil km: troca de óleo e filtro, R$ 200-350.';
    const price = 'Pintura completa: R$ 1.500,00.';
    const twenty = 'Revisão de 20.000 km: troca do filtro de ar, R$ 300-500.';
    await addFile(owner, 'revisoes.txt', [twenty, ten, five, price, 'Alinhamento: R$ 50,00.']);
    for (const question of ['revisão de 5000 km', 'revisão de 5 mil km', 'revisao de 5.000 km']) expect((await contents(owner.agentId, question))[0], question).toBe(five);
    for (const question of ['revisão de 10000 km', 'revisão de 10.000 km']) expect((await contents(owner.agentId, question))[0], question).toBe(ten);
    for (const question of ['tem algo de 1500?', 'tem algo de 1.500?']) expect(await contents(owner.agentId, question), question).toEqual([price]);
    // As written before: without the bare digits.
    const bare = new Set(['5000', '10000', '1500']);
    for (const text of [five, ten, price]) await storedAsBefore(owner.agentId, text, [...passageLexemes(text)].filter((l) => !bare.has(l)));
    expect(await contents(owner.agentId, 'tem algo de 1500?')).toEqual([]);
    // "R$ 50,00" and "R$ 80-150" are no such numbers: those passages keep their lexemes.
    expect((await lexemesRecomputedBy('0026_passage_number_forms', owner.agentId)).sort()).toEqual([five, ten, price, twenty].sort());
    expect(await contents(owner.agentId, 'tem algo de 1500?')).toEqual([price]);
    expect((await contents(owner.agentId, 'revisão de 5000 km'))[0]).toBe(five);
  });

  it("reads a Markdown table pasted into the knowledge text as rows, each value with its column", async () => {
    const { user, agent } = await createUserWithAgent(ctx);
    const about = 'Nossas unidades:\n\n| Unidade | Sábado | Domingo |\n| --- | --- | --- |\n| Floresta | 08h às 13h | Fechada |\n| Lagoa | 09h às 12h | 09h às 12h |';
    const res = await ctx.request(`/api/agents/${agent.id}/knowledge`, { method: 'PUT', token: user.token, json: { companyName: '', about, links: '' } });
    expect(res.status).toBe(200);
    const found = await contents(agent.id, 'a floresta abre domingo?');
    expect(found[0]).toContain('Unidade: Floresta\nSábado: 08h às 13h\nDomingo: Fechada');
  });

  it('computes, in the workers\' sweep, the lexemes of passages that have none (written before migration 0006)', async () => {
    const owner = await newAgent();
    await addFile(owner, 'antigo.txt', ['Entregamos no bairro Jardim Botânico às terças.', 'Aceitamos Pix.']);
    const clear = () => ctx.database.db.execute(sql`update passages set tsv = null where agent_id = ${owner.agentId}`);
    await clear();
    expect(await contents(owner.agentId, 'entrega no jardim botanico?')).toEqual([]);
    await ctx.services.ingestion.sweep();
    expect(await contents(owner.agentId, 'entrega no jardim botanico?')).toEqual(['Entregamos no bairro Jardim Botânico às terças.']);
    expect(await backfillLexemes(ctx.database.db, silent)).toBe(0);
    await clear();
    expect(await backfillLexemes(ctx.database.db, silent)).toBe(2);
  });

  it('writes through binary COPY the lexemes the text form would, whatever their order and script', async () => {
    const owner = await newAgent();
    // Lexemes in JavaScript's order but not Postgres's (a letter beyond the BMP sorts before U+FFxx in UTF-16,
    // after it in UTF-8), plain Portuguese, a code and accents folded away.
    const texts = ['ｚｅｔａ 𝒜lfa Preços e preço: bolo de cenoura', 'Código PF-0001, 45 unidades; informações úteis'];
    await addFile(owner, 'lexemas.txt', texts);
    const result = (await ctx.database.db.execute(
      sql`select content, tsv::text as tsv from passages where agent_id = ${owner.agentId} order by position`,
    )) as unknown as { rows: Array<{ content: string; tsv: string }> };
    const asText = (tsv: string) => (tsv ? (tsv.match(/'[^']*'/g) ?? []).sort() : []);
    expect(result.rows.map((r) => r.content)).toEqual(texts);
    for (const row of result.rows) expect(asText(row.tsv)).toEqual(asText(toTsvector(passageLexemes(row.content))));
    expect((await contents(owner.agentId, 'quanto custa o 𝒜lfa?'))[0]).toBe(texts[0]);
    expect((await contents(owner.agentId, 'PF 0001'))[0]).toBe(texts[1]);
  });

  it("stems exactly like the database's own Snowball Portuguese stemmer", async () => {
    const words = [
      'preço', 'preços', 'entregas', 'entregamos', 'informação', 'informações', 'cartões', 'pagamento', 'pagar',
      'horários', 'funcionamento', 'aberto', 'abertura', 'trocas', 'devolução', 'garantia', 'produtos', 'cachorros',
      'vacinação', 'consultas', 'agendamento', 'bairros', 'frete', 'grátis', 'tamanhos', 'numeração', 'sapatos',
      'tênis', 'cardápio', 'sobremesas', 'refrigerante', 'estacionamento', 'manobrista', 'gestantes', 'extração',
    ];
    const result = (await ctx.database.db.execute(
      sql`select w, (ts_lexize('portuguese_stem', w))[1] as stem from unnest(${sql.param(words)}::text[]) as w`,
    )) as unknown as { rows: Array<{ w: string; stem: string }> };
    expect(result.rows).toHaveLength(words.length);
    for (const { w, stem } of result.rows) expect(stemmer(w), w).toBe(stem);
  });
});
