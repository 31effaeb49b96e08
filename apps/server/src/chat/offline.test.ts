import { createRequire } from 'node:module';
import { calculationRequest } from '@atende/shared';
import { describe, expect, it, vi } from 'vitest';
import * as F from '../../test/fixtures/generate';
import { namesContactWithout } from '../knowledge/forms';
import { documentPassages, textPassages } from '../knowledge/ingest/prepare';
import { splitText } from '../knowledge/ingest/split';
import { shopWords } from '../knowledge/synonyms';
import { lexemeSet } from '../knowledge/text-search';
import { contactBlocks, contactSections } from '../knowledge/links/contacts';
import { renderDocument } from '../knowledge/links/render';
import { parseFile } from '../knowledge/parsers';
import type { RetrievedPassage } from '../knowledge/retrieval';
import { answerQuestion, explainQuestion, NOT_FOUND, PART_FEATURES, RANK_FEATURES, selectPassages } from './answer';
import { offlineResponder } from './offline';
import { datesIn, inflectionBase, quantitiesIn, questionParts, rangesIn, retrievalQuery } from './question';
import type { TurnInput } from './types';

const passage = (content: string, sourceName = 'catalogo.pdf', id = sourceName): RetrievedPassage => ({
  id,
  content,
  sourceName,
  sourceType: 'file',
  score: 1,
});

/** A bakery's PDF catalogue as the parser gives it: headings, lines, sentences. */
const CATALOGUE = passage(`Padaria Pão Quente

Horário de funcionamento
Segunda a sexta, das 6h às 20h.
Aos sábados, das 6h às 18h.
Aos domingos, das 7h às 12h45.

Entregas
Entregamos nos CEPs de 01300-000 a 01319-999, com taxa de R$ 6,00.`);
const PRICES = passage(
  'Código: BL01\nProduto: Bolo de cenoura\nPreço: R$ 38,00\n\nCódigo: PQ02\nProduto: Pão de queijo\nPreço: R$ 4,50',
  'precos.csv',
);
const POSCOMP = passage(
  'O POSCOMP é um exame aplicado em todas as regiões do País, que testa conhecimentos na área de Computação. O exame é organizado pela Sociedade Brasileira de Computação.',
  'POSCOMP.txt',
);

/** A file's passages as the product stores them: parsed in the worker and split (ingest/prepare.ts). */
const passagesOf = async (bytes: Uint8Array, kind: 'docx' | 'csv' | 'txt', name: string) =>
  [...documentPassages(await parseFile({ bytes, kind }))].map((content, i) => passage(content, name, `${name}#${i}`));

async function ask(message: string, passages: RetrievedPassage[], history: TurnInput['history'] = []) {
  return offlineResponder.respond({ agentName: 'Bia', systemMessage: '', history, message, passages });
}

describe('the calculator answers only clear calculation requests', () => {
  it.each(['Entregam no CEP 01310-100?', 'safra 16/17?', 'pedido do dia 15/03', '24/7', 'Vocês funcionam 24/7?', 'processo 0001234-56.2023.8.26.0100', 'Quanto é o frete para o CEP 01310-100?'])(
    'not for %s',
    (message) => expect(calculationRequest(message)).toBeNull(),
  );

  it.each([
    ['quanto é 12*7?', '12*7'],
    ['Quanto dá 3 x 25,50?', '3*25,50'],
    ['calcule 150 / 4', '150 / 4'],
    ['quanto é 150/4?', '150/4'],
    ['(3+4)*2', '(3+4)*2'],
    ['quanto é 10 dividido por 4', '10 / 4'],
  ])('for %s', (message, expression) => expect(calculationRequest(message)).toBe(expression));

  it('a question with a CEP gets the delivery sentence, not arithmetic', async () => {
    const reply = await ask('Entregam no CEP 01310-100?', [CATALOGUE]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Entregamos nos CEPs de 01300-000 a 01319-999');
    expect(reply.text).not.toMatch(/resultado/);
    expect((await ask('safra 16/17?', [CATALOGUE])).outcome).toBe('unanswered');
    expect((await ask('Quanto dá 3 x 25,50?', [CATALOGUE])).text).toContain('**76,5**');
  });
});

describe('answers are the sentences or rows that answer, not the heading above them', () => {
  it('"Qual o horário de funcionamento?" gets the hours under the heading', async () => {
    const reply = await ask('Qual o horário de funcionamento?', [CATALOGUE]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Segunda a sexta, das 6h às 20h.');
    expect(reply.text).toContain('Aos domingos, das 7h às 12h45.');
    expect(reply.text).not.toMatch(/^>? ?Horário de funcionamento/);
    expect(reply.text).toContain('_Fonte: catalogo.pdf_');
  });

  it('"Que horas vocês abrem no domingo?" gets Sunday\'s line', async () => {
    const reply = await ask('Que horas vocês abrem no domingo?', [CATALOGUE]);
    expect(reply.text.split('\n\n')[0]).toBe('Aos domingos, das 7h às 12h45.');
  });

  it('"24/7" asks about the opening hours: the hours are the answer, not "não encontrei"', async () => {
    const reply = await ask('Vocês funcionam 24/7?', [CATALOGUE]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Segunda a sexta, das 6h às 20h.');
    // A shop that does work round the clock says so, and that is quoted.
    const open = await ask('Vocês atendem 24x7?', [passage('Atendemos 24 horas por dia, todos os dias, pelo WhatsApp.', 'Atendimento.txt')]);
    expect(open.text).toContain('Atendemos 24 horas por dia');
  });

  it('a verb of the question meets its other persons in the text ("abrem" → "Abrimos")', async () => {
    const reply = await ask('Vocês abrem aos domingos?', [passage('Abrimos aos domingos das 8h às 12h.', 'Horários.txt')]);
    expect(reply.text.split('\n\n')[0]).toBe('Abrimos aos domingos das 8h às 12h.');
  });

  it('an hours question gets the line with the hours, not one with its words and no hour', async () => {
    const info = passage(
      '# Informações gerais:\n\n- Atendimento Segunda à Sexta das 08:00 às 18:00, Sábados das 08:00 às 12:00;\n- Atendimento fora de horário comercial - requer consulta;\n- Pague com cartão ou PIX.',
      'informacoes.txt',
    );
    expect((await ask('qual horario de atendimento?', [info])).text).toMatch(/^Informações gerais:\n- Atendimento Segunda à Sexta das 08:00 às 18:00/);
    // Who makes the timetable asks for someone, not for hours.
    const school = [
      passage('O coordenador de curso elabora os horários das aulas, ouvidos os professores.', 'regras.txt'),
      passage('As aulas do curso começam às 19h e terminam às 22h30.', 'aulas.txt'),
    ];
    expect((await ask('Quem elabora os horários das aulas?', school)).text).toMatch(/^O coordenador de curso elabora/);
  });

  it('"O que é o POSCOMP?" gets the sentence that says what it is', async () => {
    const reply = await ask('O que é o POSCOMP?', [POSCOMP]);
    expect(reply.text).toContain('O POSCOMP é um exame aplicado em todas as regiões do País');
    expect(reply.text).not.toMatch(/^> POSCOMP$/m);
  });

  it('"O que é X?" is less sure of a sentence that only mentions X than of one that says what X is', () => {
    const [mentions] = answerQuestion('O que é o POSCOMP?', [passage('As inscrições do POSCOMP abrem em maio.', 'POSCOMP.txt')], undefined, { minConfidence: 0 });
    const [defines] = answerQuestion('O que é o POSCOMP?', [POSCOMP], undefined, { minConfidence: 0 });
    expect(mentions!.confidence).toBeLessThan(defines!.confidence * 0.8);
  });

  it('"Quando…?" prefers the sentence with a year', () => {
    const history = passage('A padaria foi fundada por uma confeiteira portuguesa. A padaria foi fundada em 1987, no centro de Santos.', 'historia.txt');
    expect(answerQuestion('Quando a padaria foi fundada?', [history])[0]!.excerpt).toMatch(/^A padaria foi fundada em 1987/);
  });

  it('a light verb the knowledge lacks ("fazem") does not hide the answer: "Vocês fazem entrega?"', async () => {
    const delivery = passage(
      'Entregas\nEntregamos em um raio de 5 km da loja.\nA taxa de entrega é de R$ 6,00.\nO prazo de entrega é de até 60 minutos.',
      'padaria.txt',
    );
    const reply = await ask('Vocês fazem entrega?', [delivery, PRICES]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Entregamos em um raio de 5 km da loja.');
  });

  it('the title on a passage\'s first line is never the answer, its words count for the lines under it', async () => {
    const shop = passage('Padaria Pão Quente\n\nEndereço e contato\nRua Augusta, 1500 - Consolação, São Paulo - SP.\nTelefone: (11) 3255-0000.', 'padaria.txt');
    const reply = await ask('Qual o endereço da padaria?', [shop, PRICES]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Rua Augusta, 1500');
    expect(reply.text).not.toMatch(/^Padaria Pão Quente$/m);
  });

  it('a price question gets the product\'s row, with its source', async () => {
    const reply = await ask('Quanto custa o pão de queijo?', [CATALOGUE, PRICES]);
    expect(reply.text).toContain('Produto: Pão de queijo\nPreço: R$ 4,50');
    expect(reply.text).not.toContain('Bolo de cenoura');
    expect(reply.text).toContain('_Fonte: precos.csv_');
  });
});

describe('a word of the question is told from other words of its stem', () => {
  it('plural, gender and verb person are the same word; a derivation of the stem is not', () => {
    expect(inflectionBase('tarefas')).toBe(inflectionBase('tarefa'));
    expect(inflectionBase('visam')).toBe(inflectionBase('visa'));
    expect(inflectionBase('informações')).toBe(inflectionBase('informação'));
    expect(inflectionBase('estuda')).toBe(inflectionBase('estudo'));
    expect(inflectionBase('processador')).not.toBe(inflectionBase('processar'));
  });

  it('the sentence with the word itself ("processador") is chosen over one with its stem only ("processar")', () => {
    const system = passage('O sistema permite processar diversas tarefas ao mesmo tempo.', 'sistema.txt');
    const cpu = passage('O processador cuida das tarefas de cálculo e de controle.', 'cpu.txt');
    const [answer] = answerQuestion('Quais são as tarefas do processador?', [system, cpu], undefined, { minConfidence: 0 });
    expect(answer!.excerpt).toBe('O processador cuida das tarefas de cálculo e de controle.');
  });

  it('a verb ending is still the same word ("entrega" / "Entregamos")', async () => {
    const delivery = passage('Entregas\nEntregamos em um raio de 5 km da loja.\nA taxa de entrega é de R$ 6,00.', 'padaria.txt');
    expect((await ask('Vocês fazem entrega?', [delivery])).text).toContain('Entregamos em um raio de 5 km da loja.');
  });

  it('a sentence with only a derivation of a question word is less sure than one with the word itself', () => {
    const [derived] = answerQuestion('Quais são as tarefas do processador?', [passage('As tarefas de processar dados são muitas.')], undefined, { minConfidence: 0 });
    const [itself] = answerQuestion('Quais são as tarefas do processador?', [passage('As tarefas do processador de dados são muitas.')], undefined, { minConfidence: 0 });
    expect(derived!.confidence).toBeLessThan(itself!.confidence - 0.05);
  });

  it('a verb meets its nominalization though their stems differ ("traduzido" / "tradução", NomLex-PT), as a derivation', () => {
    const history = [
      passage('A tradução do livro para o latim ocorreu por volta do século XII, na Espanha.', 'historia.txt'),
      passage('O livro foi escrito em árabe por um matemático persa.', 'autor.txt'),
    ];
    const [translated] = answerQuestion('Quando o livro foi traduzido para o latim?', history);
    expect(translated!.excerpt).toContain('por volta do século XII');
    const [itself] = answerQuestion('Quando foi a tradução do livro para o latim?', history);
    expect(translated!.confidence).toBeLessThan(itself!.confidence);
  });

  it('an irregular form of a verb is that verb ("perca" / "perdido"), at least as sure as its regular forms', () => {
    const rules = [passage('O discente que tenha perdido o prazo de inscrição deve registrar a sua solicitação na secretaria.', 'regras.txt')];
    const sure = (question: string) => answerQuestion(question, rules, undefined, { minConfidence: 0 })[0]!.confidence;
    expect(answerQuestion('Caso eu perca o prazo de inscrição, o que devo fazer?', rules)[0]!.excerpt).toBe(rules[0]!.content);
    expect(sure('O que fazer caso o aluno perca o prazo de inscrição?')).toBeGreaterThanOrEqual(sure('O que fazer caso o aluno perder o prazo de inscrição?'));
    expect(sure('O que fazer caso o aluno perca o prazo de inscrição?')).toBeGreaterThan(sure('O que fazer caso o aluno esqueça o prazo de inscrição?') + 0.1);
  });

  it('a word one typo away is read as that word itself, not as a derivation', () => {
    const rules = [passage('As atividades complementares valem 200 horas no histórico.', 'regras.txt')];
    const [typed] = answerQuestion('Quantas horas valem as ativdades complementares?', rules, undefined, { minConfidence: 0 });
    const [spelled] = answerQuestion('Quantas horas valem as atividades complementares?', rules, undefined, { minConfidence: 0 });
    expect(typed!.excerpt).toBe('As atividades complementares valem 200 horas no histórico.');
    expect(typed!.confidence).toBeCloseTo(spelled!.confidence, 5);
  });

  it('more of the question found in one sentence is surer evidence, at the same share', () => {
    const rules = passage('A confirmação da matrícula será feita pela Coordenação de Curso após a análise do histórico escolar.', 'regras.txt');
    const [few] = answerQuestion('Como é feita a confirmação?', [rules], undefined, { minConfidence: 0 });
    const [many] = answerQuestion('Como é feita a confirmação da matrícula após a análise do histórico?', [rules], undefined, { minConfidence: 0 });
    expect(few!.score).toBe(1);
    expect(many!.score).toBe(1);
    expect(many!.confidence).toBeGreaterThan(few!.confidence);
  });
});

describe('what a question asks, read from its words (ADR 0013, error analysis of 2026-11-26)', () => {
  it('an auxiliary ("deve", "irá") says nothing of what is asked: the verb after it does', async () => {
    const rules = passage('Após a correção das provas, o professor fará o lançamento das notas no sistema acadêmico.', 'regras.txt');
    const reply = await ask('Onde o professor irá lançar as notas?', [rules]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('no sistema acadêmico');
    const [must] = answerQuestion('Onde o professor deve lançar as notas?', [rules], undefined, { minConfidence: 0 });
    const [plain] = answerQuestion('Onde o professor lança as notas?', [rules], undefined, { minConfidence: 0 });
    expect(must!.confidence).toBeCloseTo(plain!.confidence, 1);
  });

  it('a chat\'s "pro" ("para o") weighs little, and a shop\'s words meet their synonyms (QA pass 9)', async () => {
    const hall = passage('O salão tem cozinha industrial para uso do buffet contratado e estacionamento para 50 carros.', 'salao.txt');
    expect((await ask('tem cozinha pro buffet?', [hall])).text).toContain('cozinha industrial para uso do buffet');
    const cleaning = passage(
      'Utilizamos o método de limpeza denominado semi-seco, pois o estofado é levemente umedecido.\n\nTodos os produtos são homologados na ANVISA.',
      'limpeza.txt',
    );
    expect((await ask('que método de limpeza vcs usam?', [cleaning])).text).toContain('semi-seco');
    // A synonym counts nearly as the word itself.
    const sure = (question: string) => answerQuestion(question, [cleaning], undefined, { minConfidence: 0 })[0]!.confidence;
    expect(sure('que método de limpeza vcs usam?')).toBeGreaterThan(sure('que método de limpeza vcs utilizam?') * 0.7);
    expect((await ask('os produtos são aprovados pela anvisa?', [cleaning])).text).toContain('homologados na ANVISA');
    // "área" is a word of the question though its stem is English "are"'s, which a question leaves out.
    const rooms = [passage('O salão de festas comporta 150 pessoas sentadas.', 'salao.txt'), passage('A área do salão é de 300 m², com jardim.', 'area.txt')];
    expect((await ask('qual a área do salão?', rooms)).text).toMatch(/^A área do salão é de 300 m²/);
  });

  it('one word as written is one word though the stemmer cuts it apart ("sinônimas" / "sinônimos")', () => {
    const text = [
      passage('Muitos autores parecem tratar metodologia e método como sinônimos.', 'metodo.txt'),
      passage('Em Portugal, a palavra informática é usada como sinônima de computação.', 'informatica.txt'),
    ];
    const [feminine] = answerQuestion('Quais palavras os autores tratam como sinônimas?', text, undefined, { minConfidence: 0 });
    const [masculine] = answerQuestion('Quais palavras os autores tratam como sinônimos?', text, undefined, { minConfidence: 0 });
    expect(feminine!.excerpt).toContain('metodologia e método');
    expect(feminine!.confidence).toBeCloseTo(masculine!.confidence, 5);
  });

  it('a sentence that leans on the one before it ("Ele contribuiu…") has the subject named there', async () => {
    const turing = passage(
      'Turing é bastante importante para a Ciência da Computação. Ele contribuiu para a quebra do código da Alemanha na Segunda Guerra Mundial.',
      'turing.txt',
    );
    const reply = await ask('A que Turing contribuiu?', [turing]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Ele contribuiu para a quebra do código da Alemanha');
  });

  it('a gloss in parentheses defines its word ("academia (universidade, faculdade…)")', () => {
    const research = passage('A pesquisa acadêmica é realizada no âmbito da academia (universidade, faculdade ou outra instituição de ensino superior).', 'pesquisa.txt');
    const rules = passage('Havendo empate, o critério será o maior coeficiente de rendimento acadêmico.', 'regras.txt');
    const [answer] = answerQuestion('O que é a academia?', [rules, research], undefined, { minConfidence: 0 });
    expect(answer!.excerpt).toContain('universidade, faculdade ou outra instituição');
    const [named] = answerQuestion('O que é regime domiciliar?', [passage('Entende-se por regime domiciliar a substituição das aulas por atividades em casa.'), passage('O regime domiciliar exige laudo médico.')], undefined, { minConfidence: 0 });
    expect(named!.excerpt).toContain('Entende-se por regime domiciliar');
  });

  it('"X e Y" does not define X: only "X é…" does, though "e" and "é" fold alike', () => {
    const process = passage('O professor anexa as provas ao processo de regime domiciliar e faz o lançamento no sistema.', 'regras.txt');
    const definition = passage('Entende-se por regime domiciliar a substituição das aulas por atividades feitas em casa.', 'definicoes.txt');
    const [answer] = answerQuestion('O que é regime domiciliar?', [process, definition], undefined, { minConfidence: 0 });
    expect(answer!.excerpt).toContain('Entende-se por regime domiciliar');
    const [poscomp] = answerQuestion('O que é o POSCOMP?', [POSCOMP], undefined, { minConfidence: 0 });
    expect(poscomp!.excerpt).toContain('O POSCOMP é um exame');
  });

  it('"O que é X?" prefers the sentence that opens with X and says what it is over one that mentions X before a copula', () => {
    // Both "define" TI to the looser test (a copula after it); only the second is about what TI is.
    const uses = passage('Na verdade, as aplicações para TI são tantas que há diversas definições para a expressão.', 'ti.txt', 'a');
    const defines = passage('Pode-se definir Tecnologia da Informação (TI) como o conjunto de atividades e soluções providas por recursos de computação.', 'ti.txt', 'b');
    const [answer] = answerQuestion('O que é TI?', [uses, defines], undefined, { minConfidence: 0 });
    expect(answer!.excerpt).toMatch(/^Pode-se definir Tecnologia da Informação/);
    const opens = passage('A UFMS é uma instituição de ensino superior pública federal.', 'ufms.txt', 'c');
    const courses = passage('As formas de ingresso nos cursos da UFMS são: processo seletivo e transferência.', 'regras.txt', 'd');
    expect(answerQuestion('O que é a UFMS?', [courses, opens], undefined, { minConfidence: 0 })[0]!.excerpt).toMatch(/^A UFMS é uma instituição/);
    const named = passage('Ao profissional da pesquisa, dá-se o nome de pesquisador.', 'pesquisa.txt', 'e');
    const mentions = passage('A pesquisa acadêmica é conduzida por pesquisadores que comumente são docentes.', 'pesquisa.txt', 'f');
    expect(answerQuestion('O que é um pesquisador?', [mentions, named], undefined, { minConfidence: 0 })[0]!.excerpt).toContain('dá-se o nome de pesquisador');
  });

  it('"quando" is also answered by a condition ("No caso em que…"), not only by a date', () => {
    const federation = passage('No caso em que as suas unidades dispõem de grande autonomia, uma universidade pode constituir uma federação de escolas.', 'universidade.txt');
    const history = passage('A primeira federação de escolas do país foi constituída em 1920 como universidade.', 'historia.txt');
    const [answer] = answerQuestion('Quando uma universidade pode constituir uma federação de escolas?', [history, federation], undefined, { minConfidence: 0 });
    expect(answer!.excerpt).toContain('No caso em que');
  });
});

describe('two passages that answer about equally well are both quoted', () => {
  it('a near tie in another passage is quoted after the best one, each with its source', async () => {
    const old = passage('O prazo para trancar a matrícula é de 30 dias após o início das aulas.', 'regras-2023.txt');
    const current = passage('O prazo para trancar a matrícula é de 45 dias após o início das aulas.', 'regras-2024.txt');
    const reply = await ask('Qual o prazo para trancar a matrícula?', [old, current]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toBe(
      'O prazo para trancar a matrícula é de 30 dias após o início das aulas.\n_(Fonte: regras-2023.txt)_\n\nTalvez também ajude:\n' +
        'O prazo para trancar a matrícula é de 45 dias após o início das aulas.\n_(Fonte: regras-2024.txt)_',
    );
  });

  it('a clearly better sentence is quoted alone', async () => {
    const rule = passage('O prazo para trancar a matrícula é de 30 dias após o início das aulas.', 'regras.txt');
    const mention = passage('A matrícula é feita on-line no início das aulas.', 'matricula.txt');
    const reply = await ask('Qual o prazo para trancar a matrícula?', [rule, mention]);
    expect(reply.text).toBe('O prazo para trancar a matrícula é de 30 dias após o início das aulas.\n\n_Fonte: regras.txt_');
  });
});

describe('every part of a multi-part question is answered', () => {
  it('"código e preço do bolo? E que horas abrem no domingo?"', async () => {
    const reply = await ask('Qual o código e preço do bolo de cenoura? E que horas abrem no domingo?', [CATALOGUE, PRICES]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Código: BL01');
    expect(reply.text).toContain('Preço: R$ 38,00');
    expect(reply.text).toContain('Aos domingos, das 7h às 12h45.');
    expect(reply.text).toContain('(Fonte: precos.csv)');
    expect(reply.text).toContain('(Fonte: catalogo.pdf)');
  });

  it('a part the knowledge does not answer is said plainly, the other is answered', async () => {
    const reply = await ask('Quanto custa o pão de queijo? E vocês vendem pneus?', [CATALOGUE, PRICES]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Preço: R$ 4,50');
    expect(reply.text).toMatch(/Sobre "vocês vendem pneus", não encontrei essa informação/);
  });

  it('a follow-up ("E no sábado?") asks the same as the message before it', async () => {
    const reply = await ask('E no sábado?', [CATALOGUE], [
      { role: 'user', content: 'Que horas vocês abrem no domingo?' },
      { role: 'assistant', content: 'Aos domingos, das 7h às 12h45.' },
    ]);
    expect(reply.text.split('\n\n')[0]).toBe('Aos sábados, das 6h às 18h.');
  });
});

describe('off-topic quotes are not presented as answers', () => {
  it.each(['Test', 'Vocês vendem pneus de caminhão?', 'Tem estacionamento?', 'Vocês têm pão sem lactose?'])(
    '%s → an honest "não encontrei" offering another way to help',
    async (message) => {
      const reply = await ask(message, [CATALOGUE, PRICES, POSCOMP]);
      expect(reply).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
      expect(reply.text).toMatch(/falar diretamente com a equipe/);
    },
  );

  it('a number that names what is asked ("resolução nº 342", "pedido 1234") and is not in the knowledge is not answered by its other words', async () => {
    const rules = passage(
      'Os cursos de especialização são regulados pela Resolução CNE/CES nº 1, de 8 de junho de 2007. Todo pedido é confirmado por e-mail em até 2 horas.',
      'regras.txt',
    );
    expect((await ask('De quando é a resolução nº 1?', [rules])).text).toMatch(/8 de junho de 2007/);
    expect(await ask('De quando é a resolução nº 342?', [rules])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    expect(await ask('Quando o pedido 1234 é confirmado?', [rules])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    // Written with a thousands separator, read as one number ("1.234" is "1234"), it still names what is asked.
    expect(await ask('Quando o pedido 1.234 é confirmado?', [rules])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    // Other numbers still weigh little: the CEP is not what the customer asks about.
    expect((await ask('Entregam no CEP 01310-100?', [CATALOGUE])).outcome).toBe('answered');
  });

  it('an acronym the question names ("nos EUA") and the passage never does means the passage is about something else', async () => {
    const school = passage(
      'Os professores do ensino fundamental e médio são chamados de docentes da educação básica. Eles precisam de licenciatura.',
      'escola.txt',
    );
    expect((await ask('Como são chamados os professores do ensino fundamental?', [school])).text).toMatch(/docentes da educação básica/);
    expect(await ask('Como são chamados os professores do ensino fundamental nos EUA?', [school])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    // Named in its file's name, or in another passage of its file, the acronym is what the passage is about.
    expect((await ask('Como são chamados os professores do ensino fundamental da SEE?', [passage(school.content, 'SEE.txt')])).outcome).toBe('answered');
    const named = [passage(school.content, 'escola.txt', 'escola#1'), passage('Esta é a rede de ensino da SEE.', 'escola.txt', 'escola#2')];
    expect((await ask('Como são chamados os professores do ensino fundamental da SEE?', named)).outcome).toBe('answered');
  });

  it('so is a name of several capitalised words ("Ministério da Educação e Saúde") the knowledge never writes', async () => {
    const ministry = passage('O Ministério da Educação e Cultura fiscaliza e regulamenta os cursos de graduação.', 'mec.txt');
    const health = passage('A Secretaria de Saúde cuida dos hospitais.', 'saude.txt');
    expect((await ask('O que o Ministério da Educação e Cultura fiscaliza?', [ministry, health])).text).toMatch(/regulamenta os cursos/);
    expect(await ask('O que o Ministério da Educação e Saúde fiscaliza?', [ministry, health])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    // One capitalised word is no name ("a Ciência"), nor are the words of a question written with capitals throughout.
    expect((await ask('O que a Cultura fiscaliza?', [ministry, health])).text).toMatch(/regulamenta os cursos/);
    expect((await ask('Qual O Valor Da Taxa De Entrega?', [CATALOGUE])).text).toMatch(/taxa de R\$ 6,00/);
    expect((await ask('Que Horas Abrem No Domingo?', [CATALOGUE])).text.split('\n\n')[0]).toBe('Aos domingos, das 7h às 12h45.');
    expect((await ask('QUAL O VALOR DA TAXA DE ENTREGA?', [CATALOGUE])).text).toMatch(/taxa de R\$ 6,00/);
  });

  it('an acronym the knowledge writes out in words ("VR" / "Vale-Refeição") is those words', async () => {
    const payment = passage('Formas de pagamento: aceitamos dinheiro, Pix e Vale-Refeição.', 'pagamento.txt');
    expect((await ask('Vocês aceitam VR?', [payment])).text).toMatch(/Vale-Refeição/);
    expect(await ask('Vocês aceitam VR?', [passage('Formas de pagamento: aceitamos dinheiro, Pix e cartão.', 'pagamento.txt')])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
  });

  it('says so when there is no knowledge at all', async () => {
    expect(await ask('Qual o horário?', [])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
  });
});

describe('the rest of the offline responder', () => {
  it('greets, thanks and says goodbye as small talk; a greeting before a question does not hide it', async () => {
    expect(await ask('Oi!', [CATALOGUE])).toEqual({ text: 'Olá! Eu sou Bia. Como posso ajudar você hoje?', outcome: 'small_talk' });
    expect((await ask('obrigado!', [CATALOGUE])).outcome).toBe('small_talk');
    const reply = await ask('Oi, boa tarde! Que horas vocês abrem no domingo?', [CATALOGUE]);
    expect(reply.text.split('\n\n')[0]).toBe('Aos domingos, das 7h às 12h45.');
  });

  it("answers with the merchant's taught answer before any passage", async () => {
    const reply = await offlineResponder.respond({
      agentName: 'Bia',
      systemMessage: '',
      history: [],
      message: 'Vocês abrem no feriado?',
      passages: [CATALOGUE],
      taughtAnswer: { id: 't1', question: 'Abrem em feriados?', answer: 'Nos feriados abrimos das 8h às 12h.' },
    });
    expect(reply).toEqual({ text: 'Nos feriados abrimos das 8h às 12h.', outcome: 'answered' });
  });

  it('streams the whole reply once', async () => {
    const deltas: string[] = [];
    const reply = await offlineResponder.respond({ agentName: 'Bia', systemMessage: '', history: [], message: 'Test', passages: [], onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual([reply.text]);
  });
});

describe('the passages a model gets', () => {
  it('each part of the question has its passage, even when it ranked low', () => {
    const filler = Array.from({ length: 10 }, (_, i) => passage(`Informação geral número ${i} sobre a padaria.`, `extra-${i}.txt`));
    const chosen = selectPassages('Quanto custa o pão de queijo? E que horas abrem no domingo?', [...filler, CATALOGUE, PRICES], 8);
    expect(chosen).toHaveLength(8);
    expect(chosen.map((p) => p.sourceName)).toEqual(expect.arrayContaining(['precos.csv', 'catalogo.pdf']));
  });

  it('keeps every passage when there are few', () => {
    expect(selectPassages('horário', [CATALOGUE], 8)).toEqual([CATALOGUE]);
    expect(answerQuestion('horário', [CATALOGUE])[0]!.excerpt).toContain('das 6h às 20h');
  });
});

describe('what the knowledge is searched with', () => {
  it('a follow-up too short to stand alone is searched with the question before it', () => {
    expect(retrievalQuery('E no sábado?', 'Que horas vocês abrem no domingo?')).toBe('Que horas vocês abrem no domingo?\nE no sábado?');
    expect(retrievalQuery('e o de fubá?', 'Quanto custa o bolo de cenoura?')).toBe('Quanto custa o bolo de cenoura?\ne o de fubá?');
  });

  it('a question that stands alone is searched by itself', () => {
    expect(retrievalQuery('Vocês entregam no Jardim Paulista?', 'Que horas vocês abrem no domingo?')).toBe('Vocês entregam no Jardim Paulista?');
    expect(retrievalQuery('E no sábado?', undefined)).toBe('E no sábado?');
  });
});

describe('the learned-model experiment (bench/answers-learned.ts)', () => {
  it("reads the answerer's own ranking and confidence", () => {
    const question = 'Quais são as tarefas do processador?';
    const passages = [passage('O sistema permite processar diversas tarefas ao mesmo tempo.', 'sistema.txt'), passage('O processador cuida das tarefas de cálculo e de controle.', 'cpu.txt')];
    const [explained] = explainQuestion(question, passages);
    const [answer] = answerQuestion(question, passages, undefined, { minConfidence: 0 });
    expect(explained!.candidates[0]!.excerpt).toBe(answer!.excerpt);
    expect(explained!.candidates.every((c) => c.features.length === RANK_FEATURES.length)).toBe(true);
    expect(explained!.features).toHaveLength(PART_FEATURES.length);
    expect(explained!.features![0]).toBeCloseTo(answer!.confidence, 9);
  });
});

/* Structures of real merchants' files (a QA pass with public menus, policies and FAQs): lists, Markdown headings
 * alone in their block, menu rows that mention another product, words about the shop rather than the thing asked. */
describe('lists, headings and rows as merchants write them', () => {
  const policies = passage(
    'Formas de pagamento aceitas\n- Pix\n- Cartão de crédito Visa e Master\n- Vale refeição Sodexo\n- Dinheiro\n\nProdutos que não podem ser trocados\n- Roupas íntimas\n- Produtos personalizados',
    'politicas.txt',
  );

  it.each([
    ['aceitam cartão de crédito?', 'Cartão de crédito Visa e Master'],
    ['aceitam vale refeição?', 'Vale refeição Sodexo'],
    ['vocês aceitam dinheiro?', 'Dinheiro'],
    ['roupa intima pode trocar?', 'Produtos que não podem ser trocados:\n- Roupas íntimas'],
  ])('every item of a list can answer: %s', async (question, expected) => {
    const reply = await ask(question, [policies]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(expected);
  });

  it('a question about the list gets all of its items', async () => {
    const reply = await ask('quais as formas de pagamento?', [policies]);
    expect(reply.outcome).toBe('answered');
    for (const item of ['Pix', 'Cartão de crédito', 'Vale refeição', 'Dinheiro']) expect(reply.text).toContain(item);
    expect(reply.text).not.toContain('Roupas íntimas');
  });

  it('a Markdown heading alone in its block heads the text after it, and is not the answer', async () => {
    const markdown = passage(
      '# Políticas da loja\n\n### Prazo para Troca\n\nVocê tem até 30 dias a partir da data de recebimento para pedir a troca.\n\n### Horários\n\nSegunda a sexta: 8h às 20h\nSábado: 8h às 18h',
      'politicas.md',
    );
    const reply = await ask('qual o prazo para troca?', [markdown]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('até 30 dias a partir da data de recebimento');
    expect(reply.text).not.toContain('###');
  });

  const menu = passage(
    [
      'produto: XIS SALADA\npreco: R$ 25,00\nfoto: xis-salada.jpg',
      'produto: XIS SALADA DUPLO\npreco: R$ 31,00',
      'produto: COMBO 5\ndescricao: 1 Xis Salada e 1 refri\npreco: R$ 29,99',
      'produto: COMBO 2\ndescricao: 2 xis e 1 refri 2 litros\npreco: R$ 61,99',
      'produto: COMBO 4\ndescricao: 4 xis e 1 refri 2 litros\npreco: R$ 99,99',
      'produto: BATATA FRITA GRANDE\npreco: R$ 34,00',
      'produto: BATATA FRITA PEQUENA\npreco: R$ 20,00',
    ].join('\n\n'),
    'cardapio.csv',
  );

  it('a row named as asked comes alone, not the combos that mention it', async () => {
    const salada = await ask('quanto custa o xis salada?', [menu]);
    expect(salada.text.startsWith('produto: XIS SALADA\npreco: R$ 25,00')).toBe(true);
    expect(salada.text).not.toContain('COMBO 5');
    expect(salada.text).not.toContain('xis-salada.jpg');
    const combo = await ask('Qual o valor do combo 2?', [menu]);
    expect(combo.text).toContain('COMBO 2');
    expect(combo.text).not.toContain('COMBO 4');
  });

  it('a price asked for two things answers both, and a name with "e" stays whole', async () => {
    const reply = await ask('quanto custa o xis salada e a batata frita grande?', [menu]);
    expect(reply.text).toContain('produto: XIS SALADA\npreco: R$ 25,00');
    expect(reply.text).toContain('produto: BATATA FRITA GRANDE\npreco: R$ 34,00');
    const parts = questionParts('quanto custa o X-Coração e a batata frita com cheddar e bacon?');
    expect(parts.map((p) => p.text)).toEqual(['quanto custa o X-Coração', 'a batata frita com cheddar e bacon?']);
  });

  it('words about the shop ("no cardápio", "o que vem") do not hide the answer', async () => {
    const reply = await ask('vocês têm batata frita no cardápio?', [menu]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('BATATA FRITA GRANDE');
    expect(reply.text).toContain('BATATA FRITA PEQUENA');
    expect((await ask('o que vem no combo 2?', [menu])).text).toContain('2 xis e 1 refri 2 litros');
    const faq = passage('Posso parcelar minha compra?\nSim! Parcelamos em até 12x sem juros no cartão de crédito.\n\nTrocas em até 30 dias.', 'faq.md');
    expect((await ask('parcela em quantas vezes?', [faq, menu])).text).toContain('Parcelamos em até 12x sem juros');
    const contact = passage('Mega Lanches\n\nPedidos pelo (51) 99530-1988, das 19h à 1h. Siga @megalanches.\n\nTodos os lanches com batata.', 'Base de conhecimento');
    expect((await ask('qual o telefone pra fazer pedido?', [contact, menu])).text).toContain('(51) 99530-1988');
    expect((await ask('tem refri?', [passage('Bebidas\nRefrigerante lata: R$ 6,00', 'cardapio.txt'), policies])).text).toContain('Refrigerante lata');
    const delivery = passage('Delivery Rápido: Entregamos em até 45 minutos. Lanches gigantes.', 'Base de conhecimento');
    for (const question of ['Quanto tempo demora a entrega?', 'qual o prazo de entrega?']) {
      expect((await ask(question, [delivery, menu])).text).toContain('Entregamos em até 45 minutos');
    }
  });

  /*
   * Structures of real shops' knowledge files from public repositories (licences unknown, so not committed; their
   * structure reproduced here): a Markdown FAQ of "### Q: …?" / "**A:** …" pairs (edugitQA/Agent_AI_suporte
   * backend/app/knowledge/base.md), Markdown policies in nested sections of lists (nicolasmikael/assistente-virtual
   * data/politicas.md, gcmgx2/testerag data/politicas.md, AlexandreMuskus/upskilling_gx2_projeto_final data/politicas.md).
   */
  const faq = passage(
    [
      '# Perguntas Frequentes',
      '## Compra e Cadastro',
      '### Q: Preciso ter cadastro para comprar?\n**A:** Sim, é necessário criar uma conta para garantir segurança e acesso à nota fiscal. O processo é rápido e gratuito.',
      '### Q: Posso comprar como pessoa jurídica (CNPJ)?\n**A:** Sim. Durante o cadastro, selecione a opção "Pessoa Jurídica" e informe o CNPJ.',
      '## Pagamento',
      '### Q: Quais formas de pagamento vocês aceitam?\n**A:** Aceitamos cartões de crédito, boleto bancário e PIX.',
      '### Q: Meu pagamento foi recusado. O que faço?\n**A:** Verifique com o banco emissor do cartão. Você também pode tentar outra forma de pagamento.',
      '## Suporte',
      '### Q: Como entro em contato com o suporte?\n**A:** Você pode falar conosco via:\n- E-mail: suporte@loja.com.br\n- WhatsApp: (11) 91234-5678\n- Chat online no site',
    ].join('\n\n'),
    'base.md',
  );
  const sections = passage(
    [
      '# Políticas da Loja',
      '## Trocas e Devoluções',
      '### Prazo para Trocas',
      '- Você tem até 7 dias corridos para solicitar a troca de produtos não perecíveis\n- Produtos em promoção têm prazo de 3 dias para troca\n- Produtos com defeito têm garantia de 90 dias',
      '## Prazos de Entrega',
      '### Regiões Metropolitanas',
      '- São Paulo: 1-2 dias úteis\n- Rio de Janeiro: 2-3 dias úteis\n- Curitiba: 2-3 dias úteis',
      '## Formas de Pagamento',
      '### Cartões de Crédito',
      '- Parcelamento em até 12x sem juros\n- Aceitamos todas as bandeiras',
      '### Boleto Bancário',
      '- Prazo de compensação: 1-3 dias úteis\n- Vencimento em 3 dias úteis',
    ].join('\n\n'),
    'politicas.md',
  );

  it("a FAQ's question answers for its answer, which is quoted whole, without its 'A:'", async () => {
    const signUp = await ask('Preciso de cadastro pra comprar?', [faq]);
    expect(signUp.text.startsWith('Sim, é necessário criar uma conta para garantir segurança e acesso à nota fiscal. O processo é rápido e gratuito.')).toBe(true);
    expect(signUp.text).not.toContain('CNPJ');
    const payment = await ask('quais as formas de pagamento?', [faq]);
    expect(payment.text.startsWith('Aceitamos cartões de crédito, boleto bancário e PIX.')).toBe(true);
    expect(payment.text).not.toContain('**A:**');
    // The FAQ whose question is the customer's comes first, before an answer that only has the words, even ranked lower.
    const declined = passage('### Q: Meu pagamento foi recusado. O que faço?\n**A:** Verifique com o banco. Você também pode tentar outra forma de pagamento.', 'faq.md', 'b');
    const forms = passage('### Q: Quais formas de pagamento vocês aceitam?\n**A:** Aceitamos cartões de crédito, boleto bancário e PIX.', 'faq.md', 'c');
    expect((await ask('quais as formas de pagamento?', [declined, forms])).text.startsWith('Aceitamos cartões de crédito')).toBe(true);
    // What a line ending in ':' announces: the whole list after it.
    const support = await ask('como falo com o suporte?', [faq]);
    expect(support.text).toContain('Você pode falar conosco via:\n- E-mail: suporte@loja.com.br\n- WhatsApp: (11) 91234-5678\n- Chat online no site');
    // A FAQ without Markdown: the question on its own line, its answer under it.
    const plain = passage('Vocês entregam aos domingos?\nNão, entregamos de segunda a sábado.\n\nPosso retirar na loja?\nSim, sem custo.', 'faq.txt');
    expect((await ask('dá pra retirar na loja?', [plain])).text.startsWith('Sim, sem custo.')).toBe(true);
    expect((await ask('entregam domingo?', [plain])).text.startsWith('Não, entregamos de segunda a sábado.')).toBe(true);
  });

  it('nested Markdown sections: a heading that names what was asked answers with its whole list; its parents count', async () => {
    const returns = await ask('qual o prazo para troca?', [sections]);
    expect(returns.text).toContain('Prazo para Trocas:\n- Você tem até 7 dias corridos');
    expect(returns.text).toContain('- Produtos com defeito têm garantia de 90 dias');
    // "- Curitiba: 2-3 dias úteis" is an item of a list, not a field of one record; "entrega" is its parent heading's.
    const curitiba = await ask('quanto tempo demora a entrega para curitiba?', [sections]);
    expect(curitiba.text).toContain('- Curitiba: 2-3 dias úteis');
    expect(curitiba.text).not.toContain('São Paulo');
    // "aceitam" meets "Formas de Pagamento", the parent of "Boleto Bancário".
    expect((await ask('aceitam boleto?', [sections])).text).toContain('Boleto Bancário:\n- Prazo de compensação');
    // Installments are met by "12x".
    expect((await ask('parcela em quantas vezes?', [passage('Aceitamos:\n- Cartão de crédito (em até 12x)\n- Pix', 'politicas.md')])).text).toContain('em até 12x');
    // A discount is met by its share off a price ("-10%", "20% OFF"); a share that is no discount does not meet it.
    const prices = passage('Aula avulsa - R$ 70,00\n\nPacote 4 aulas -10% - R$ 250,00\n\nPacote 8 aulas -20% - R$ 450,00', 'precos.txt');
    expect((await ask('tem desconto no pacote?', [prices])).text).toContain('Pacote 4 aulas -10%');
    expect(await ask('tem desconto no pacote?', [passage('Pacote 4 aulas: 100% online - R$ 280,00', 'precos.txt')])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    // A '#' heading at the top heads its own section only.
    const two = passage('# Trocas\n\nVocê pode trocar um produto em até 7 dias após o recebimento.\n\n# Prazos de Entrega\n\n- Sudeste: 3 a 5 dias úteis\n- Sul: 5 a 7 dias úteis', 'politicas.md');
    expect((await ask('qual o prazo para troca?', [two])).text).toContain('Você pode trocar um produto em até 7 dias');
  });

  it('a cell most rows share ("categoria: Pizza") names none of them: the row named as asked comes alone', async () => {
    // The columns of a pizzeria's menu export (brunomeloqa/sistema-pizzaria cardapio.csv), as the CSV parser gives them.
    const row = (nome: string, descricao: string, preco: string) => `nome: ${nome}\ndescricao: ${descricao}\npreco: ${preco}\ncategoria: Pizza\nativo: 1`;
    const pizzas = passage(
      [
        row('CALABRESA', 'CALABRESA FATIADA E CEBOLA', '48.9'),
        row('CALABRESA COM PALMITO', 'CALABRESA FATIADA, PALMITO, MUÇARELA E BACON', '49.9'),
        row('JARDINEIRA', 'CALABRESA FATIADA, OVOS, ERVILHA, PALMITO, MUÇARELA E MILHO', '49.9'),
        row('MANDALA', 'CALABRESA FATIADA, CATUPIRY E OVOS', '49.9'),
      ].join('\n\n'),
      'cardapio.csv',
    );
    const reply = await ask('quanto custa a pizza de calabresa?', [pizzas]);
    expect(reply.text.startsWith('nome: CALABRESA\ndescricao: CALABRESA FATIADA E CEBOLA\npreco: 48.9')).toBe(true);
    expect(reply.text).not.toContain('JARDINEIRA');
    expect(reply.text).not.toContain('MANDALA');
  });

  it('a quantity is met however it is written ("a coca 2 litros" / "COCA COLA 2L", "heineken 600" / "600ML")', async () => {
    // Drinks of a pizzeria's menu export (brunomeloqa/sistema-pizzaria cardapio.csv), as the CSV parser gives them.
    const drink = (nome: string, preco: string) => `nome: ${nome}\npreco: ${preco}\ncategoria: Bebida`;
    const drinks = passage(
      [drink('COCA COLA 2L', '16'), drink('COCA COLA 600ML', '9'), drink('COCA COLA LATA', '6'), drink('CERVEJA HEINEKEN 600ML', '18'), drink('CERVEJA HEINEKEN LONG NEK', '12')].join('\n\n'),
      'cardapio.csv',
    );
    const coke = await ask('quanto custa a coca 2 litros?', [drinks]);
    expect(coke.text.startsWith('nome: COCA COLA 2L\npreco: 16')).toBe(true);
    expect(coke.text).not.toContain('600ML');
    const beer = await ask('quanto é a heineken 600?', [drinks]);
    expect(beer.text.startsWith('nome: CERVEJA HEINEKEN 600ML\npreco: 18')).toBe(true);
    expect(beer.text).not.toContain('LONG NEK');
    expect(quantitiesIn('2 litros, 2L, 1,5 lt, 600ml, 1 kg, 500 gramas; não 2 lanches')).toEqual(['2l', '2l', '1.5l', '600ml', '1kg', '500g']);
  });

  it('a line labelled with what is asked ("Pedido mínimo: R$ 25,00") answers before a sentence that mentions it in passing', async () => {
    const coupons = passage('Cupons\nCupom BEMVINDO: 10% de desconto, pedido mínimo de R$ 40,00.', 'cupons.txt');
    const delivery = passage('Entregas\nTaxa de entrega: R$ 6,00.\nPedido mínimo: R$ 25,00.', 'entregas.txt');
    const reply = await ask('qual o pedido mínimo?', [coupons, delivery]);
    expect(reply.text.startsWith('Pedido mínimo: R$ 25,00.')).toBe(true);
    expect(reply.text).not.toContain('BEMVINDO');
    expect((await ask('qual o desconto do cupom?', [coupons, delivery])).text).toContain('Cupom BEMVINDO');
  });

  it('a spreadsheet whose last column is named as a label ("Preco_válido_até:") is still read row by row', async () => {
    // The structure of a salon's price list (QA pass 3): the header's colon made every cell a unit of its own, so a
    // service came back with its duration and without its price.
    const csv = new TextEncoder().encode(
      'Servico,Duracao_Minutos,Preco_Avista,Preco_pix_cartão_crédito_débito,Preco_válido_até:\nAlisamento capilar botox,60,399,419,20/12/2025\nCorte de cabelo feminino,60,199,234,20/12/2025\nEscova,30,119,140,20/12/2025\n',
    );
    const reply = await ask('qto custa corte feminino?', await passagesOf(csv, 'csv', 'servicos.csv'));
    expect(reply.text).toContain('Preco_Avista: 199');
    expect(reply.text).toContain('Preco_válido_até: 20/12/2025');
    expect(reply.text).not.toContain('399');
    // A row stored before, with the colon doubled, is read as a row too.
    const stored = passage('Servico: Escova\nDuracao_Minutos: 30\nPreco_Avista: 119\nPreco_válido_até:: 20/12/2025', 'servicos.csv');
    expect((await ask('quanto é a escova?', [stored])).text).toContain('Preco_Avista: 119');
  });

  it('an hours or price question needs an hour or a price: "abrir o link" and "BICO ABRE-FECHA" are not opening hours', async () => {
    // From real files (QA pass 3): an auto-parts shop's agent rules, a building-materials price list, a vehicle club's rules.
    const rules = passage('## REGRA DE USO\n\n1.  Só mande se tiver certeza que é essa peça.\n2.  Depois de mandar o link, pergunte: "Consegue abrir o link certinho?"', 'regras.md');
    const prices = passage('Nome: FECHA E CORTA MASSAS KEITA\nValor: 6,50\n\nNome: PULVERIZADOR UNILUK 500ML C/ BICO ABRE-FECHA\nValor: 10,00', 'precos.csv');
    const fees = passage('Em caso de cancelamento, não será devolvida a TAXA ÚNICA DE ADESÃO.\nA administração do seu imóvel é feita por quem paga todos os seus impostos, taxas e despesas de condomínio.', 'regulamento.txt');
    for (const [question, knowledge] of [['qual o horario de vcs', rules], ['qual o horário da loja', prices], ['qual a taxa de administração?', fees]] as const) {
      expect(await ask(question, [knowledge])).toEqual({ text: NOT_FOUND, outcome: 'unanswered' });
    }
    // Asking whether, not how much, needs no amount; and a day, "grátis" or a price column answer as a shop writes them.
    expect((await ask('devolve a taxa de adesão se eu cancelar?', [fees])).text).toContain('não será devolvida a TAXA ÚNICA DE ADESÃO');
    const shop = passage('Atendimento\nAtendemos de segunda a sábado.\n\nEntregas\nA entrega é grátis no bairro.\n\nServico: Escova\nPreco_Avista: 119', 'loja.txt');
    expect((await ask('qual o horário de atendimento?', [shop])).text).toContain('segunda a sábado');
    const holidays = passage('Horário de funcionamento\nSegunda a sexta, das 6h às 20h.\nFechamos no Natal (25/12) e no Ano-Novo (01/01).', 'padaria.txt');
    expect((await ask('Vocês abrem no Natal?', [holidays])).text).toContain('Fechamos no Natal');
    expect((await ask('qual o valor da entrega?', [shop])).text).toContain('grátis');
    expect((await ask('qual o preço da escova?', [shop])).text).toContain('Preco_Avista: 119');
    // A short question after an hours question borrows its words, not its kind.
    const address = passage('Ficamos na Rua Augusta, 1500, Consolação.', 'loja.txt');
    const history: TurnInput['history'] = [
      { role: 'user', content: 'qual o horário de funcionamento?' },
      { role: 'assistant', content: 'Segunda a sábado.' },
    ];
    expect((await ask('Oi, qual o endereço?', [shop, address], history)).text).toContain('Rua Augusta, 1500');
  });

  it('the second item of a price question is asked as the first ("quanto custa o misto quente e o cachorro quente")', async () => {
    const menu = passage('Lanches\nMisto Quente 15\nCachorro Quente 21\nX-Salada 25', 'cardapio.txt');
    const reply = await ask('quanto custa o misto quente e o cachorro quente', [menu]);
    expect(reply.text).toContain('Misto Quente 15');
    expect(reply.text).toContain('Cachorro Quente 21');
    expect(reply.text).not.toContain('não encontrei');
  });

  it("customers' words the knowledge writes otherwise (pet, cartão, saldo, ap, wifi, pneu, d'água, 'tá')", async () => {
    // From real files (QA pass 3): an inn's policy, a building-materials store, an auto-parts shop, an estate agency.
    const inn = passage(
      'Tarifas\n\nIncluídos na tarifa: Café da Manhã, WI-FI e estacionamento.\n\n- São permitidos animais de estimação de pequeno porte.\n\nO saldo das diárias deverá ser pago na chegada do hóspede.\n\nPagamento\nParcelamos no crédito em até 6x.',
      'politica.html',
    );
    for (const [question, line] of [
      ['posso levar meu cachorro?', 'animais de estimação'],
      ['o resto eu pago quando?', 'pago na chegada'],
      ['vcs tem wifi?', 'WI-FI'],
      ['parcela no cartao?', 'em até 6x'],
      ['o cafe da manha ta incluso?', 'Café da Manhã'],
    ]) expect((await ask(question!, [inn])).text).toContain(line);
    const store = passage('**O QUE NÃO VENDEMOS:** Pneus e Baterias.\n\nCAIXA AGUA FORTLEV 1000L C/TAMPA 290,00\n\nVenda de imóveis\nOs documentos para a venda do imóvel são a matrícula e o IPTU.', 'loja.md');
    expect((await ask('tem pneu?', [store])).text).toContain('Pneus e Baterias');
    expect((await ask('caixa dagua de 1000 litros qto ta', [store])).text).toContain('290,00');
    expect((await ask('pra vender meu ap q documentos preciso?', [store])).text).toContain('matrícula e o IPTU');
  });

  it('"qual o valor da diária?" is not answered by a share of it ("50% de acréscimo sobre o valor da diária")', async () => {
    // An inn's page (QA pass 3) that gives its surcharges and not its prices.
    const inn = passage('Crianças até 5 anos não pagam. De 6 a 12 anos, 50% de acréscimo sobre o valor da diária. Pet: taxa de 30% sobre o valor da diária.', 'pousada.html');
    for (const question of ['qual o valor da diária?', 'quanto é a diaria?']) expect((await ask(question, [inn])).text).toBe(NOT_FOUND);
    expect((await ask('qual a taxa do pet?', [inn])).text).toContain('Pet: taxa de 30% sobre o valor da diária.');
    const prices = passage('Diária do quarto duplo: R$ 280,00 com café da manhã.', 'precos.html');
    expect((await ask('qual o valor da diária?', [inn, prices])).text).toContain('R$ 280,00');
  });

  it('what a shop says it does not sell is the answer whatever size or brand is asked ("tem pneu aro 14?")', async () => {
    const store = passage('**O QUE NÃO VENDEMOS:** Pneus e Baterias.\n\nVENDEMOS: filtros, pastilhas de freio e óleo.\n\nNão trabalhamos com bolo de casamento.', 'loja.md');
    for (const question of ['tem pneu aro 14?', 'vcs vendem bateria moura 60ah?', 'tem pneu?']) {
      expect((await ask(question, [store])).text).toContain('NÃO VENDEMOS:** Pneus e Baterias');
    }
    // A qualified item covers only itself, and what the shop does sell says nothing of a model it does not name.
    for (const question of ['fazem bolo de aniversario?', 'tem filtro de ar do gol?']) expect((await ask(question, [store])).text).toBe(NOT_FOUND);
  });

  it('the sentences of a labelled item are about its label ("- ITBI: … Deve ser pago pelo comprador.")', async () => {
    // An estate agency's page (QA pass 3): the answer is the item's second sentence, its subject the label.
    const fees = passage('- ITBI: Imposto de Transmissão de Bens Imóveis. Deve ser pago pelo comprador. Custa 2% do valor do bem.\n- Escritura: lavrada em cartório.', 'documentos.md');
    const reply = await ask('quem paga o ITBI?', [fees]);
    expect(reply.text).toContain('- ITBI: Imposto de Transmissão de Bens Imóveis. Deve ser pago pelo comprador.');
  });

  it('a duration column answers "quanto tempo demora", and "moto" / "carro" meet "MOTOCICLETAS" / "VEÍCULOS"', async () => {
    const services = passage('Servico: Design de sobrancelhas com aplicação de henna\nDuracao_Minutos: 60\nPreco_Avista: 139', 'servicos.csv');
    expect((await ask('quanto tempo demora o design de sobrancelha com henna', [services])).text).toContain('Duracao_Minutos: 60');
    const quotas = passage('COTA DE PARTICIPAÇÃO\n• VEÍCULOS LEVES PASSEIO: 7% do valor da FIPE, mínimo de R$ 1.600,00.\n• MOTOCICLETAS: 15% do valor da FIPE, mínimo de R$ 1.500,00.', 'regulamento.docx');
    expect((await ask('e pra moto?', [quotas], [
      { role: 'user', content: 'quanto é a cota de participação pra carro de passeio' },
      { role: 'assistant', content: '…' },
    ])).text).toContain('MOTOCICLETAS: 15%');
  });

  it('"o x-frango tem hamburguer?" gets the X-Frango row, which says what it has, not a row with both words', async () => {
    // A snack bar's XLSX menu (QA pass 3): a yes/no question about a named item.
    const menu = passage(
      'item: X-Frango\npreco: 26\ningredientes: Pão, presunto, queijo, frango, alface\n\nitem: X-Família\npreco: 45\ningredientes: Pão, 2 hambúrgueres, frango, presunto\n\nitem: X-Burguer\npreco: 20\ningredientes: Pão, hambúrguer, queijo',
      'cardapio.xlsx',
    );
    const reply = await ask('o x-frango tem hamburguer?', [menu]);
    expect(reply.text.startsWith('item: X-Frango\npreco: 26')).toBe(true);
    expect(reply.text).not.toContain('X-Família');
    expect((await ask('quanto é o x-família?', [menu])).text).toContain('preco: 45');
  });

  it('a question for a contact wants the contact, not the word ("qual o telefone?" over "EXTENSÃO TELEFONE 10M")', async () => {
    const store = passage(
      'Produtos\nEXTENSÃO TELEFONE 10M 9,60\nTOMADA TELEFONE 4P 5,90\n\nContato\nLigue (12) 3125-3885.\n\nCadastro\nPara o cadastro traga RG, CPF e Endereço completo.\n\nLoja\nEstamos na rua Tenente Quirino, 566, no bairro Pedregulho.',
      'loja.txt',
    );
    expect((await ask('qual o telefone de vcs', [store])).text).toContain('(12) 3125-3885');
    expect((await ask('qual o endereço', [store])).text).toContain('rua Tenente Quirino, 566');
    // "onde fica a loja?" asks the address: "Somos Loja de Peças" only has the word "loja" (an auto-parts shop's notes).
    const shop = passage('DADOS\n*   **Somos Loja de Peças, NÃO oficina.**\n\n## LOCALIZAÇÃO\n\n*   **Endereço:** Av. Walter Jobim, 585.', 'dados.md');
    for (const question of ['onde fica a loja', 'onde vcs ficam?']) expect((await ask(question, [shop])).text).toContain('Av. Walter Jobim, 585');
    expect((await ask('onde fica o banheiro?', [shop])).outcome).toBe('unanswered');
  });

  it('a distance glued to its unit ("6km", "8km") is read as the text writes it ("6 km"), and another distance meets the one given', async () => {
    const delivery = passage('Entregas\nEntregamos num raio de 6 km da loja, com taxa de R$ 5,00.\n\nEstacionamento com 20 vagas.', 'loja.txt');
    // Another number of the same measure asks about the limit the text gives ("4km" under a 6 km radius); "daí" is a filler.
    const prices = passage('Pão de queijo: R$ 4,50', 'precos.txt');
    for (const question of ['vocês entregam a 6km?', 'entregam a 8km?', 'vcs entregam a 4km daí?']) expect((await ask(question, [delivery, prices])).text).toContain('raio de 6 km');
    expect(quantitiesIn('6km, 6 quilômetros, 2,5 m, 30cm; 6 meses, 1 ano, 10 dias')).toEqual(['6km', '6km', '2.5m', '30cm', '6meses', '1anos', '10dias']);
  });

  it('a number written "5.000" or "10.000" meets "5000" and "10 mil" ("revisão de 10 mil km" / "Revisão de 10.000 km")', async () => {
    // A workshop's service list (QA pass 7).
    const services = passage(
      '## Revisão de 10.000 km\n- Troca de óleo e filtro\n- Verificação da bateria\n- Preço: R$ 200-350\n\n## Revisão de 20.000 km\n- Troca do filtro de ar\n- Preço: R$ 300-500',
      'revisoes.txt',
    );
    const tenThousand = await ask('qnto é a revisao de 10 mil km?', [services]);
    expect(tenThousand.text).toContain('R$ 200-350');
    expect(tenThousand.text).not.toContain('R$ 300-500');
    const first = passage('## Revisão de 20.000 km\n- Troca do filtro de ar\n- Preço: R$ 300-500\n\n## Revisão de 5.000 km\n- Troca de óleo\n- Preço: R$ 80-150', 'revisoes.txt');
    for (const question of ['revisão de 5000 km qual valor', 'quanto custa a revisão de 5 mil km?', 'revisao 5.000km preço']) {
      const reply = await ask(question, [first]);
      expect(reply.text, question).toContain('R$ 80-150');
      expect(reply.text, question).not.toContain('R$ 300-500');
    }
    expect(quantitiesIn('5.000 km, 10 mil km, 1,5 mil km, 1.5 L; não 15.03.2024 dias')).toEqual(['5000km', '10000km', '1500km', '1.5l']);
    expect(rangesIn('de 1.000 a 2.000 kg')).toEqual([{ from: 1000, to: 2000, unit: 'kg' }]);
    // The workshop's file as written: each section's price a Markdown heading of its own, closing the section.
    const file = passage(
      '# Revisões Periódicas\n\n## Revisão de 5.000 km\n### Itens Verificados\n- Nível de óleo do motor\n- Pressão dos pneus\n\n### Preço: R$ 80-150\n\n## Revisão de 10.000 km\n### Inclui revisão de 5.000 km mais:\n- **Troca de óleo e filtro**\n- Verificação da bateria\n\n### Preço: R$ 200-350\n\n## Revisão de 20.000 km\n### Inclui revisão de 10.000 km mais:\n- **Troca do filtro de ar**\n\n### Preço: R$ 300-500',
      'revisoes_periodicas.md',
    );
    expect((await ask('qnto é a revisao de 10 mil km?', [file])).text).toMatch(/^Revisão de 10\.000 km:\nPreço: R\$ 200-350\n/);
    expect((await ask('revisão de 5000 km qual valor', [file])).text).toMatch(/^Revisão de 5\.000 km:\nPreço: R\$ 80-150\n/);
  });

  it('the days asked about pick the bracket of a policy that holds them ("10 dias de antecedência" / "de 14 até 7 dias antes")', async () => {
    // An inn's cancellation policy (QA pass 3): the days asked about fall between the ones written.
    const policy = passage(
      'Política de cancelamento\nCancelamentos com mais de 15 dias de antecedência: reembolso integral.\nCancelamentos de 14 até 7 dias antes do check-in: reembolso de 50% do valor pago.\nCancelamentos com menos de 7 dias: não há reembolso.\n\nCheck-in a partir das 14h e check-out até as 12h.',
      'pousada.txt',
    );
    for (const [question, bracket] of [
      ['se cancelar com 10 dias de antecedência tem reembolso?', 'Cancelamentos de 14 até 7 dias antes'],
      ['cancelando com 20 dias de antecedencia tem reembolso?', 'Cancelamentos com mais de 15 dias'],
      ['cancelando com 3 dias de antecedencia tem reembolso?', 'Cancelamentos com menos de 7 dias'],
    ]) expect((await ask(question!, [policy])).text).toMatch(new RegExp(`^${bracket}`));
    // A clinic's FAQ (QA pass 4): "15 min" is within "15-20 minutos".
    const faq = passage('Posso chegar atrasado?\n\n**Depende.** A tolerância máxima é de **10 minutos**. Se você chegar com **15-20 minutos de atraso** e houver fila de espera, **não será atendido** e precisará reagendar.', 'faq.md');
    expect((await ask('cheguei 15 min atrasado vou ser atendido?', [faq])).text).toContain('15-20 minutos de atraso');
    expect(rangesIn('15-20 minutos')).toEqual([{ from: 15, to: 20, unit: 'min' }]);
    // "até 15 dias de antecedência" is no later than 15 days before: 15 days or more (QA pass 4's inn).
    const rebooking = passage(
      'Cancelamento e remarcação\nCancelamentos com até 15 dias de antecedência: reembolso integral.\nCancelamentos com menos de 15 dias: multa de 50% do valor.\nRemarcações com até 48 horas de antecedência não têm custo.\nRemarcações com menos de 48 horas: taxa de R$ 50,00.',
      'pousada.txt',
    );
    for (const [question, bracket] of [
      ['se eu cancelar com 20 dias de antecedencia tem reembolso?', 'Cancelamentos com até 15 dias de antecedência'],
      ['se cancelar 20 dias antes tem reembolso?', 'Cancelamentos com até 15 dias de antecedência'],
      ['se eu cancelar com 5 dias tem multa?', 'Cancelamentos com menos de 15 dias'],
      ['posso remarcar com 72 horas de antecedência?', 'Remarcações com até 48 horas de antecedência'],
      ['remarcar com 24 horas de antecedencia tem custo?', 'Remarcações com menos de 48 horas'],
    ]) expect((await ask(question!, [rebooking])).text).toMatch(new RegExp(`^${bracket}`));
    expect(rangesIn('até 15 dias de antecedência; até 2 dias antes do check-in; até 5 dias úteis; antecedência mínima de 3 dias')).toEqual([
      { from: 15, to: Infinity, unit: 'dias' },
      { from: 2, to: Infinity, unit: 'dias' },
      { from: -Infinity, to: 5, unit: 'dias' },
      { from: 3, to: Infinity, unit: 'dias' },
    ]);
    expect(rangesIn('de 14 até 7 dias, 3 a 10 dias úteis, mais de 15 dias, até 5 km, entre 2 e 3 semanas, raio de 5 km')).toEqual([
      { from: 7, to: 14, unit: 'dias' },
      { from: 3, to: 10, unit: 'dias' },
      { from: 15, to: Infinity, unit: 'dias' },
      { from: -Infinity, to: 5, unit: 'km' },
      { from: 2, to: 3, unit: 'semanas' },
    ]);
  });

  it("an item of a list is quoted whole, and 'como faço para…' asks for the verb, not for 'faço'", async () => {
    // The structure of a children's salon's knowledge base (WagnerDeAzevedo/chatbot_gj_n8n knowledge_base/bk_v1.2.md).
    const salon = passage(
      [
        '## EXPERIÊNCIAS E SERVIÇOS ESPECIAIS\n- **Clube do Salão:** serviço em que o salão é reservado para um grupo. Inclui salgadinhos e sucos e tem duração aproximada de 3 horas.\n- **Eventos e festas:** a equipe vai a festas de aniversário com maquiagem e penteados.',
        '## AGENDAMENTO\nO agendamento pode ser realizado pelo chatbot, que pede as informações necessárias.',
      ].join('\n\n---\n\n'),
      'base.md',
    );
    expect((await ask('o que é o clube do salão?', [salon])).text).toContain('reservado para um grupo. Inclui salgadinhos e sucos e tem duração aproximada de 3 horas.');
    expect((await ask('como faço para agendar?', [salon])).text).toContain('O agendamento pode ser realizado pelo chatbot');
  });

  it('opening hours are met by their form, and a length of time in hours is not opening hours', async () => {
    const contact = passage(
      '## Cancelamentos\nPedidos podem ser cancelados até **24 horas após a compra**.\n\n## Contato\nE-mail: suporte@loja.com.br\nTelefone: 0800 123 4567\nAtendimento: Segunda a sexta, das 8h às 18h',
      'politicas.md',
    );
    const reply = await ask('que horas vocês abrem?', [contact]);
    expect(reply.text).toContain('Atendimento: Segunda a sexta, das 8h às 18h');
    expect(reply.text).not.toContain('cancelados');
  });

  it('a kind of drink is answered by the brands a menu lists, one way; "cachorro quente" by the DOG', async () => {
    const drinks = passage(
      'BEBIDAS\nCoca-Cola lata 350 ml - R$ 6,00\nGuaraná Antarctica lata - R$ 5,50\nHeineken long neck - R$ 10,00\nBrahma lata - R$ 6,00\nSuco natural de laranja - R$ 8,00',
      'cardapio.pdf',
    );
    const beer = await ask('vocês têm cerveja?', [drinks, policies]);
    expect(beer.outcome).toBe('answered');
    expect(beer.text).toContain('Heineken long neck - R$ 10,00');
    expect(beer.text).toContain('Brahma lata - R$ 6,00');
    expect(beer.text).not.toContain('Guaraná');
    const soda = await ask('quanto custa o refrigerante?', [drinks, policies]);
    expect(soda.text).toContain('Coca-Cola lata 350 ml - R$ 6,00');
    expect(soda.text).toContain('Guaraná Antarctica lata - R$ 5,50');
    expect(soda.text).not.toContain('Heineken');
    // A brand asks for that brand, not for its kind.
    expect((await ask('tem Skol?', [drinks, policies])).outcome).toBe('unanswered');
    expect((await ask('tem brahma?', [drinks, policies])).text).toContain('Brahma lata');
    const dogs = passage('LANCHES\nDOG SIMPLES - pão, salsicha, molho - R$ 12,00\nXIS SALADA - R$ 25,00', 'cardapio.pdf');
    for (const question of ['quanto custa o cachorro quente?', 'tem cachorro-quente?', 'qual o preço do hot dog?']) {
      const reply = await ask(question, [dogs, policies]);
      expect(reply.text, question).toContain('DOG SIMPLES - pão, salsicha, molho - R$ 12,00');
      expect(reply.text, question).not.toContain('XIS SALADA');
    }
  });
});

/** The tests below parse a file in a worker first (parseFile), which takes seconds on a loaded machine. */
const PARSE_TIMEOUT = 30_000;

/* Menus whose days sit in rows of their own (a restaurant's weekly lunch in Word, a daycare's monthly menu on
 * GitHub): the parser carries the day to the dishes under it, so a question about a day's meal finds them. */
describe('a menu\'s dishes are found by their day', () => {

  it('"o que tem no almoço de segunda?" gets Monday\'s lunch, under a row that only says "Segunda-feira 03/03"', async () => {
    const menu = await passagesOf(F.docxDayHeadingMenu(), 'docx', 'cardapio.docx');
    const monday = await ask('o que tem no almoço de segunda?', menu);
    expect(monday.outcome).toBe('answered');
    expect(monday.text).toContain('Dia: Segunda-feira 03/03\nColuna 1: Almoço\nColuna 2: Arroz, feijão; Frango grelhado');
    expect(monday.text).not.toContain('Macarrão');
    expect((await ask('qual a sobremesa de terça?', menu)).text).toContain('Coluna 2: Gelatina');
    const prices = await passagesOf(F.dayHeadingCsv(), 'csv', 'cardapio.csv');
    expect((await ask('quanto custa o almoço de terça?', prices)).text).toContain('Prato: Macarrão à bolonhesa\nPreço: R$ 24,00');
  }, PARSE_TIMEOUT);

  it('"qual o almoço do dia 09/10?" gets the week of that date, under a row of dates across the columns', async () => {
    const menu = await passagesOf(F.docxDateRowMenu(), 'docx', 'cardapio.docx');
    const reply = await ask('qual o almoço do dia 09/10?', menu);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Terça-feira 09/10: Iscas de frango');
    expect(reply.text).not.toContain('Frango ao sugo');
    // "10/10" is searched as "10", which every October date has: the answer compares the dates whole.
    const tenth = await ask('qual o almoço do dia 10/10?', menu);
    expect(tenth.text).toContain('Quarta-feira 10/10: Peixe assado');
    expect(tenth.text).not.toContain('01/10');
    expect(datesIn('dia 03/10/2025, 19.05.26 e 1/2; não 1.5L nem 45/12')).toEqual(['3/10', '19/5', '1/2']);
  }, PARSE_TIMEOUT);
});

/* A policy whose sentence runs from the foot of one page to the top of the next, with the shop's header and
 * 'Página 1 de 3' between them on paper (the layout of merchants' terms read in QA): the parser joins it. */
describe('a sentence cut by a PDF page break is answered whole', () => {
  it('"posso trocar sem a nota fiscal?" gets the whole sentence, not its first half', async () => {
    const policy = [...documentPassages(await parseFile({ bytes: F.pageBreakPdf(), kind: 'pdf' }))].map((content, i) =>
      passage(content, 'politica-de-trocas.pdf', `politica#${i}`),
    );
    const reply = await ask('posso trocar sem a nota fiscal?', policy);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(
      'Produtos sem a nota fiscal só podem ser trocados com o cupom do cartão de crédito usado na compra, no mesmo prazo de 7 dias, em qualquer das lojas.',
    );
    expect(reply.text).not.toContain('Página');
  }, PARSE_TIMEOUT);
});

/* Opening hours as shops write them: a range of days, a group ("fim de semana"), a department with its own days. */
describe('a day asked for is found in the range or group of days that holds it', () => {
  const HOURS = passage(
    `Pizzaria Bella Napoli

Horário de funcionamento
Segunda a sexta: das 18h às 23h
Sábado e domingo: das 17h às 0h
Feriados: fechado

Atendimento ao cliente (SAC)
Nosso SAC atende de segunda a sexta, das 9h às 17h, pelo telefone (11) 3333-4444.`,
    'horarios.txt',
  );

  it.each([
    ['vocês abrem na quarta?', 'Segunda a sexta: das 18h às 23h'],
    ['abre na terça-feira?', 'Segunda a sexta: das 18h às 23h'],
    ['abre 4ª feira?', 'Segunda a sexta: das 18h às 23h'],
    ['abrem no sábado?', 'Sábado e domingo: das 17h às 0h'],
    ['vcs abrem sab?', 'Sábado e domingo: das 17h às 0h'],
    ['funcionam no fim de semana?', 'Sábado e domingo: das 17h às 0h'],
    ['vocês abrem aos finais de semana?', 'Sábado e domingo: das 17h às 0h'],
  ])('%s', async (question, line) => {
    const reply = await ask(question, [HOURS]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(line);
    // Only the line of that day: not the other days' (or the holidays') after it.
    expect(reply.text.split('\n').filter((l) => /\d+h/.test(l))).toEqual([line]);
  });

  it('"o SAC funciona sábado?" gets the days the SAC answers, not the restaurant\'s Saturday', async () => {
    const reply = await ask('o sac funciona sábado?', [HOURS]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Nosso SAC atende de segunda a sexta');
    expect(reply.text).not.toContain('17h às 0h');
  });

  it("'vocês estão abertos agora?' gets the hours of the day it is in Brasília", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T01:30:00Z')); // Friday, 22:30 in Brasília
      expect((await ask('vocês estão abertos agora?', [HOURS])).text).toContain('Segunda a sexta: das 18h às 23h');
      const tomorrow = await ask('e amanhã, abre?', [HOURS]);
      expect(tomorrow.text).toContain('Sábado e domingo: das 17h às 0h');
      expect(tomorrow.text).not.toContain('Segunda a sexta');
    } finally {
      vi.useRealTimers();
    }
  });

  it('"demais dias" are the days the other lines do not name (a sweet shop\'s Markdown info)', async () => {
    const shop = passage('### Horário de Funcionamento:\n- **Terça-feira:** 12:45 às 17:45\n- **Demais dias:** Fechado', 'info.md');
    const sunday = await ask('abre domingo?', [shop]);
    expect(sunday.text).toContain('Demais dias:** Fechado');
    expect(sunday.text).not.toContain('Terça-feira');
    expect((await ask('abre na terça?', [shop])).text).not.toContain('Demais dias');
  });

  it("a FAQ's 'Não.' answers its own question, not another day's (a store's Markdown FAQ)", async () => {
    const faq = passage(
      '### Q: O atendimento funciona aos finais de semana?\n**A:** Não. Nosso atendimento está disponível de segunda a sexta, das 9h às 18h (exceto feriados).',
      'faq.md',
    );
    const wednesday = await ask('o atendimento funciona na quarta?', [faq]);
    expect(wednesday.outcome).toBe('answered');
    expect(wednesday.text).toContain('Nosso atendimento está disponível de segunda a sexta');
    expect(wednesday.text).not.toMatch(/Não\./);
    // Its own question (Sunday is a day of the weekend) keeps it.
    expect((await ask('vocês atendem no domingo?', [faq])).text).toContain('Não. Nosso atendimento');
  });

  it('a text\'s own group of days answers for each of them', async () => {
    const shop = passage('Atendemos em dias úteis, das 9h às 17h.\n\nFins de semana: das 10h às 14h, só para retirada.', 'loja.txt');
    expect((await ask('vocês atendem na quinta?', [shop])).text).toContain('dias úteis, das 9h às 17h');
    const sunday = await ask('abre domingo?', [shop]);
    expect(sunday.text).toContain('Fins de semana: das 10h às 14h');
    expect(sunday.text).not.toContain('dias úteis');
  });
});

describe('a model asked for by its initials ("ps5") is found written out', () => {
  const faq = passage(
    '### Q: O PlayStation 5 é nacional ou importado?\n**A:** Vendemos modelos **nacionais com nota fiscal e garantia Sony Brasil de 12 meses**.\n\n### Q: Qual o prazo de entrega?\n**A:** Até 5 dias úteis.',
    'faq.md',
  );

  it('"o ps5 é nacional?" gets the PlayStation 5 answer (a store\'s Markdown FAQ)', async () => {
    const reply = await ask('o ps5 é nacional?', [faq]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('garantia Sony Brasil de 12 meses');
  });

  it('not by words that only begin with its letters ("Pedidos 5"), nor another number', async () => {
    const orders = passage('Pedidos 5 estrelas ganham brinde.\n\nPlayStation 4 usado: R$ 1.500,00.', 'loja.txt');
    expect((await ask('vocês têm ps5?', [orders])).outcome).toBe('unanswered');
  });
});

describe("a file's name is a title over all of it", () => {
  const menu = [
    passage('Sabor: Calabresa\nIngredientes: Molho, mussarela, calabresa e cebola\nBroto: R$ 29,90\nGrande: R$ 54,90', 'cardapio-pizzas.csv', 'p1'),
    passage('Sabor: Portuguesa\nIngredientes: Molho, mussarela, presunto, ovo, cebola e ervilha\nBroto: R$ 33,90\nGrande: R$ 58,90', 'cardapio-pizzas.csv', 'p2'),
  ];

  it('"quanto custa a pizza grande de calabresa?" over "cardapio-pizzas.csv", whose rows never say pizza', async () => {
    const reply = await ask('quanto custa a pizza grande de calabresa?', menu);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Grande: R$ 54,90');
    expect(reply.text).not.toContain('Portuguesa');
    // What the menu does not have is still not found.
    expect((await ask('tem pizza de atum?', menu)).outcome).toBe('unanswered');
    // "leva" asks nothing ("a portuguesa leva ovo?").
    expect((await ask('a portuguesa leva ovo?', menu)).text).toContain('presunto, ovo, cebola');
  });
});

/* A dental clinic's Markdown "company info" (structure of a real file read in QA; its licence unknown, so reproduced):
 * bold labels and headings before a blank line, a sentence announcing a list in the next block. */
describe('a heading or a label before a blank line heads what follows it, and is never the answer alone', () => {
  const info = passage(
    `## Localização e Contato

**Horário de Funcionamento:**

- Segunda a Sexta: 09:00 - 18:00
- Sábado: Apenas com agendamento prévio
- Domingo e Feriados: Fechado

## Convênios Aceitos

A clínica trabalha com os seguintes convênios odontológicos:

- Dental Center
- Dental Gold
- Unidentis`,
    'clinica.md',
  );

  it('"quais convenios vcs aceitam?" gets the list the sentence announces, not "## Convênios Aceitos"', async () => {
    const reply = await ask('quais convenios vcs aceitam?', [info]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('os seguintes convênios odontológicos:\n- Dental Center\n- Dental Gold\n- Unidentis');
  });

  it('"qual horario de funcionamento?" gets the hours under the bold label', async () => {
    const reply = await ask('qual horario de funcionamento?', [info]);
    expect(reply.text).toContain('- Segunda a Sexta: 09:00 - 18:00\n- Sábado: Apenas com agendamento prévio\n- Domingo e Feriados: Fechado');
    expect(reply.text).not.toContain('**');
  });

  it('"abre sabado?" gets the Saturday line, though it has no time', async () => {
    const reply = await ask('abre sabado?', [info]);
    expect(reply.text).toContain('Sábado: Apenas com agendamento prévio');
    expect(reply.text).not.toContain('Segunda a Sexta');
  });

  it('a heading that ends the passage heads nothing: it is not an answer', async () => {
    const cut = passage('Atendemos toda a região.\n\n## Convênios Aceitos', 'clinica.md', 'cut');
    expect((await ask('quais convênios aceitam?', [cut])).outcome).toBe('unanswered');
  });
});

describe("customers' WhatsApp writing", () => {
  const salon = passage('Preços\n- Escova Curto: R$ 30,00\n- Penteado: R$ 64,00\n\nEquipe\n- Ana Julia: Escova / penteados.', 'salao.md');
  const sweets = passage('Cupons de Desconto:\n- Off5: 5% de desconto às quartas\n\nDoces\n- Bombom de uva: R$ 6,00\n- Pudim de leite: R$ 9,00', 'doces.md');

  it.each([
    ['qto custa o penteado?', 'Penteado: R$ 64,00'],
    ['penteado qto?', 'Penteado: R$ 64,00'],
    ['penteado quanto?', 'Penteado: R$ 64,00'],
  ])('%s', async (question, line) => {
    const reply = await ask(question, [salon]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(line);
    expect(reply.text).not.toContain('Ana Julia');
  });

  it.each([
    ['tem cupom?', 'Off5'],
    ['tem bombons?', 'Bombom de uva'],
    ['vcs têm pudins?', 'Pudim de leite'],
  ])('%s (the stemmer leaves -m and -ns apart)', async (question, line) => {
    const reply = await ask(question, [sweets]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(line);
  });

  it('a name written as one word or as two ("totalpass" / "Total Pass", "gym pass" / "Gympass") is one name', async () => {
    const gym = passage('Formas de pagamento\nAceitamos Pix e cartão.\nAceitamos Total Pass e Gympass nas aulas de pilates.', 'academia.txt');
    for (const question of ['aceitam totalpass?', 'vocês aceitam gym pass?']) {
      const reply = await ask(question, [gym]);
      expect(reply.outcome).toBe('answered');
      expect(reply.text).toContain('Aceitamos Total Pass e Gympass');
    }
    // Only a name the knowledge writes so: two words it lacks are not made one.
    expect((await ask('aceitam vale pass?', [gym])).outcome).toBe('unanswered');
  });

  it('a number asked for meets its Roman numeral ("pagani 2" / "Pagani II")', async () => {
    const boats = passage('Modelos\nPagani I: 9 metros, R$ 60.000,00.\nPagani II: 12 metros, R$ 90.000,00.', 'barcos.txt');
    const reply = await ask('qual o preço do pagani 2?', [boats]);
    expect(reply.text).toContain('Pagani II: 12 metros');
    expect(reply.text).not.toContain('Pagani I:');
  });

  it('customers\' words for children and pregnancy ("kids", "criança"; "grávidas", "gestantes")', async () => {
    const place = passage('Menu infantil\nPrato kids com arroz e frango: R$ 25,00.\n\nAulas\nPilates para gestantes às terças, às 10h.', 'studio.txt');
    expect((await ask('tem cardápio para criança?', [place])).text).toContain('Prato kids');
    expect((await ask('tem pilates para grávidas?', [place])).text).toContain('Pilates para gestantes');
  });

  it('a kind the menu never names ("pizza de atum" over dishes titled "ATUM") does not hide the dish asked for', async () => {
    const menu = passage('ATUM\nMolho, mussarela, atum e cebola.\nBroto 30,00 / Grande 52,00\n\nCALABRESA\nMolho, mussarela e calabresa.\nBroto 25,00 / Grande 48,00', 'cardapio.txt');
    const atum = await ask('tem pizza de atum?', [menu]);
    expect(atum.outcome).toBe('answered');
    expect(atum.text).toContain('Grande 52,00');
    expect((await ask('quanto custa a pizza de calabresa?', [menu])).text).toContain('Grande 48,00');
    // The dish must be one of the titles: not a dish the menu lacks, and not an ingredient ("cebola").
    for (const question of ['tem pizza de frango?', 'tem suco de cebola?', 'vende pneu de caminhão?']) expect((await ask(question, [menu])).outcome).toBe('unanswered');
  });

  it('"vcs tão abertos hj?" asks about today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T15:00:00Z')); // Saturday, 12:00 in Brasília
      const hours = passage('Horário de funcionamento\nSegunda a sexta: das 9h às 18h\nSábado: das 9h às 13h', 'loja.txt');
      const reply = await ask('vcs tão abertos hj?', [hours]);
      expect(reply.text).toContain('Sábado: das 9h às 13h');
      expect(reply.text).not.toContain('Segunda a sexta');
    } finally {
      vi.useRealTimers();
    }
  });
});

/* A gym chain's opening hours as a Markdown pipe table (the layout of a real file read in QA; reproduced). */
describe('a Markdown table is answered row by row', () => {
  const table = [
    '# Horários das unidades',
    '',
    '| Unidade | Durante a semana | Sábado | Domingos e Feriados |',
    '| :------ | :--------------- | :----- | :------------------ |',
    '| Floresta: Av. Flávio dos Santos, 325 | 05:30h às 23h | 08h às 13h | Fechada |',
    '| Trindade: R. Lauro Linhares, 589 | 05:30h às 23h | 09:00h às 15h | 15h às 20h |',
    '| Pampulha: Av. Dom Pedro I, 402 | 05:30h às 23h | 08h às 13h | 09h às 13h |',
  ].join('\n');

  it.each([
    ['a unidade floresta abre domingo?', 'Domingos e Feriados: Fechada', 'Trindade'],
    ['horario da trindade no sabado', 'Sábado: 09:00h às 15h', 'Floresta'],
  ])('%s', async (question, line, other) => {
    const reply = await ask(question, await passagesOf(new TextEncoder().encode(table), 'txt', 'unidades.md'));
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(line);
    expect(reply.text).not.toContain(other);
  }, PARSE_TIMEOUT);
});

describe('a reply of several parts', () => {
  const menu = passage('Produto: Estamos no iFood\nDescrição: Horário de funcionamento do app de segunda á sábado das 12:30 às 17:30.', 'cardapio.csv');

  it('does not say "não encontrei" for a part another part\'s answer has all the words of', async () => {
    const reply = await ask('vcs tão no ifood? qual horario', [menu]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Estamos no iFood');
    expect(reply.text).not.toContain('não encontrei');
  });

  it('quotes lines that answer two parts once', async () => {
    const shop = passage('Ficamos na Rua Augusta, 1500, e abrimos de segunda a sábado, das 9h às 18h.', 'loja.txt');
    const reply = await ask('qual o endereço? e que horas abrem?', [shop]);
    expect(reply.text.match(/Rua Augusta/g)).toHaveLength(1);
  });
});

describe('abbreviations do not end a sentence', () => {
  it.each([
    ['quem faz prótese?', passage('Equipe:\n- **Dra. Joelma Porto** - Clínico Geral, Prótese e Cirurgia', 'clinica.md'), 'Dra. Joelma Porto'],
    ['qual o endereço da unidade fernão dias?', passage('Fernão Dias: R. Aiuruoca, 54 - Fernão Dias, Belo Horizonte', 'unidades.txt'), 'R. Aiuruoca, 54'],
    ['abre na quarta?', passage('Horário\nSeg. à Sex.: 9h às 18h', 'loja.txt'), 'Seg. à Sex.: 9h às 18h'],
  ])('%s', async (question, knowledge, quote) => {
    const reply = await ask(question, [knowledge]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(quote);
  });
});

/* A pizzeria's menu as its site's text gives it (the layout of a real file read in QA; reproduced): each dish a title in
 * capitals, then its ingredients and its prices, each a block of its own; the address after the last dish. */
describe('a menu of titles in capitals, one field per block', () => {
  const dishes: Array<[string, string, number]> = [
    ['ALICHE', 'Mussarela, aliche, parmesão, molho de tomate e orégano.', 25],
    ['AMERICANA', 'Molho barbecue, mussarela, frango, requeijão cremoso, azeitona e pimenta calabresa, orégano.', 26],
    ['BAIANA', 'Mussarela, calabresa, ovos, pimenta calabresa, molho de tomate e orégano.', 28],
    ['BERINJELA', 'Mussarela, berinjela, cebola e pimentão, molho de tomate e orégano.', 26],
    ['BERINJELA COM CALABRESA', 'Mussarela, berinjela, calabresa, cebola e pimentão, molho de tomate e orégano.', 27],
    ['BRÓCOLIS', 'Mussarela, brócolis, palmito, milho, molho de tomate e orégano.', 25],
    ['CALABRESA', 'Mussarela, linguiça calabresa, molho de tomate e orégano.', 24],
    ['CALABRIA', 'Mussarela, calabresa, frango, cebola, molho barbecue, molho de tomate e orégano.', 29],
    ['CARIOCA', 'Mussarela, tomate, milho, bacon, molho de tomate e orégano.', 26],
    ['FRANGO A BRASILEIRA', 'Mussarela, frango, milho, ervilha, molho de tomate e orégano.', 26],
    ['MARGUERITA', 'Mussarela, tomate, manjericão, molho de tomate e orégano.', 25],
  ];
  const text = [
    'Nosso Cardápio',
    ...dishes.map(([name, ingredients, broto]) => `${name}\n\n${ingredients}\n\nBroto ${broto},00 / Média ${broto + 14},00 / Grande ${broto + 24},00`),
    'Localização',
    'R. Alm. Tefé, 680',
    'Niterói - Centro - RJ, 24030-085',
  ].join('\n\n');
  const menu = () => passagesOf(new TextEncoder().encode(text), 'txt', 'cardapio.txt');

  it.each([
    ['quanto é a calabresa?', 'CALABRESA:', 'Broto 24,00 / Média 38,00 / Grande 48,00'],
    ['quanto custa a berinjela?', 'BERINJELA:', 'Broto 26,00 / Média 40,00 / Grande 50,00'],
    ['a frango a brasileira media qto?', 'FRANGO A BRASILEIRA:', 'Média 40,00'],
    ['o que vai na carioca?', 'CARIOCA:', 'Mussarela, tomate, milho, bacon'],
    // "Localização" ends the titles; the address is met by its form, and "Alm." does not end a sentence.
    ['qual o endereço?', 'R. Alm. Tefé, 680', 'R. Alm. Tefé, 680'],
  ])('%s', async (question, name, line) => {
    const reply = await ask(question, await menu());
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(name);
    expect(reply.text).toContain(line);
    expect(reply.text).not.toContain('BERINJELA COM CALABRESA');
  }, PARSE_TIMEOUT);
});

/* A barbershop's services and hours copied from its booking app (the layout of a real file read in QA; reproduced): a
 * service's name, its duration and its price each a block of its own, a dashed line after each service; a day and its
 * hours likewise. */
describe('a name and its values, one field per block', () => {
  const services: Array<[string, string, string]> = [
    ['Barba + Corte', '00:40', 'R$ 60,00'],
    ['Barba', '00:30', 'R$ 25,00'],
    ['Selagem', '01:30', 'R$ 80,00'],
    ['Sobrancelha lâmina', '00:10', 'R$ 10,00'],
    ['Pezinho', '00:10', 'R$ 10,00'],
    ['Cabelo + Barba + Sobrancelha', '00:50', 'R$ 70,00'],
    ['Progressiva', '01:00', 'R$ 80,00'],
    ['Platinado + corte', '02:00', 'R$ 150,00'],
    ['Degrade navalhado', '00:25', 'R$ 40,00'],
    ['Low Fade', '00:40', 'R$ 40,00'],
    ['Corte social', '00:30', 'R$ 30,00'],
    ['Degrade Tradicional', '00:40', 'R$ 35,00'],
  ];
  const days = ['Segunda Feira\n\n09:00 - 23:00', 'Sexta Feira\n\n09:00 - 23:00', 'Sábado\n\n09:00 - 22:30', 'Domingo\n\nFechado'];
  const rule = '-'.repeat(47);
  const text = `${services.map(([name, time, price]) => `${name}\n\n${time}\n\n${price}\n\n`).join(`${rule}\n`)}${rule}\n${days.join('\n\n')}`;
  const barbershop = () => passagesOf(new TextEncoder().encode(text.replace(/\n/g, '\r\n')), 'txt', 'informacoes.txt');

  it.each([
    ['pezinho qto', 'Pezinho:\n00:10\nR$ 10,00', 'R$ 60,00'],
    ['quanto custa o low fade', 'Low Fade:\n00:40\nR$ 40,00', 'Pezinho'],
    ['quanto tempo demora a selagem', 'Selagem:\n01:30', 'Pezinho'],
    ['abre domingo?', 'Domingo:\nFechado', '09:00'],
    ['sabado fecha q horas', 'Sábado:\n09:00 - 22:30', '23:00'],
  ])('%s', async (question, quote, other) => {
    const reply = await ask(question, await barbershop());
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(quote);
    expect(reply.text).not.toContain(other);
  }, PARSE_TIMEOUT);

  it('the splitter keeps a name with its values, and a chunk does not open with values whose name it lacks', () => {
    for (const [size, overlap] of [[300, 60], [400, 100], [500, 100]] as const) {
      const chunks = splitText(text, size, overlap);
      expect(chunks.length).toBeGreaterThan(2);
      for (const [name, time, price] of services) expect(chunks.some((c) => c.includes(`${name}\n\n${time}\n\n${price}`)), name).toBe(true);
      for (const chunk of chunks) {
        expect(chunk, chunk).not.toMatch(/^(?:R\$|\d)/);
        expect(services.some(([name]) => chunk.endsWith(name)), chunk).toBe(false);
      }
    }
  });

  it("a line underlined with dashes is a heading over the block after it, as Markdown's underline", async () => {
    const policies = passage('Trocas\n------\n\nEm até 7 dias após a compra.\n\nEntregas\n--------\n\nEm até 2 dias úteis.', 'politicas.md');
    const reply = await ask('qual o prazo de troca?', [policies]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Em até 7 dias após a compra.');
    expect(reply.text).not.toContain('2 dias úteis');
  });

  it('a short line alone before running text is not a name with values', async () => {
    const shop = passage('Entregas\n\nEntregamos em toda a cidade, com taxa de R$ 6,00.\n\nPagamento\n\nR$ 6,00', 'loja.txt');
    const reply = await ask('qual a taxa de entrega?', [shop]);
    expect(reply.text).toContain('Entregamos em toda a cidade, com taxa de R$ 6,00.');
  });
});

/* Labels over what they label, as real files write them (read in QA; reproduced): an auto-parts shop's Markdown, whose
 * bold labels end a list item and head its nested items; a motel's PDF menu, whose sections are lower-case lines between
 * the priced ones. */
describe('a label is answered with what it labels', () => {
  const payment = passage(
    [
      '## FORMAS DE PAGAMENTO',
      'Temos 4 formas de pagamento disponíveis:',
      '1.  **Cartão de Crédito (Na Loja):**\n    *   Parcelamos em até **10x**.\n    *   Se parcelar, tem taxa de juros de **1,2% ao mês**.',
      '3.  **PIX ou Dinheiro (À Vista):**\n    *   Chave PIX: **CNPJ 24775830000159**',
      '4.  **Depósito Bancário:**\n    *   Contas Ailos (Transpocred) ou Banrisul.',
    ].join('\n\n'),
    '02_04_REGRAS_DE_PAGAMENTO.md',
  );
  const company = passage(
    [
      '# 02_01_DADOS_DA_EMPRESA',
      [
        '*   **Nome:** Auto Peças Ruviaro',
        '*   **Somos Loja de Peças, NÃO oficina.**',
        '    *   **NÃO FAZEMOS:** Serviços mecânicos, avaliações do carro, trocas de óleo ou instalação. Apenas vendemos as peças.',
        '*   **O QUE NÃO VENDEMOS:** Pneus e Baterias.',
        '*   **Peças Usadas (CDV Ruviaro):**',
        '    *   Não indicamos concorrentes. Indicamos APENAS nosso parceiro.',
        '    *   Contatos CDV: WhatsApp (55) 99606-0095 | Fixo (55) 3026-5778',
        '*   **Horário:** Segunda a sexta, das 8h às 18h.',
      ].join('\n'),
    ].join('\n\n'),
    '02_01_DADOS_DA_EMPRESA.md',
  );

  it('"aceita deposito? qual banco" gets the nested item under "4.  **Depósito Bancário:**", not the label alone', async () => {
    const reply = await ask('aceita deposito? qual banco', [payment]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Contas Ailos (Transpocred) ou Banrisul.');
    expect(reply.text).not.toContain('**Depósito');
  });

  it('"vcs vendem peça usada?" gets the nested items under the bold label, and they end where the next item starts', async () => {
    const reply = await ask('vcs vendem peça usada?', [company]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Não indicamos concorrentes. Indicamos APENAS nosso parceiro.');
    expect(reply.text).toContain('Contatos CDV: WhatsApp (55) 99606-0095');
    expect(reply.text).not.toContain('Segunda a sexta');
    const hours = await ask('qual o horário?', [company]);
    expect(hours.text).toContain('Segunda a sexta, das 8h às 18h.');
    expect(hours.text).not.toContain('CDV');
    // Without list marks, the lines under the label.
    const plain = passage('**Peças Usadas (CDV Ruviaro):**\nNão indicamos concorrentes. Indicamos APENAS nosso parceiro.\nContatos CDV: WhatsApp (55) 99606-0095', 'dados.md');
    expect((await ask('vcs vendem peça usada?', [plain])).text).toContain('Não indicamos concorrentes.');
  });

  const menu = passage(
    [
      'porções',
      'Arroz branco.........................................................R$ 14,00',
      'Farofa.................................................................R$ 13,00',
      'sopa',
      'Sopa de carne......................................................R$ 28,00',
      'café da manhã',
      'Simples (café, leite, cesta de pães, manteiga, 2 ovos, queijo, bolo e 1 fruta)..............R$ 52,00',
      'Completo (café, leite, cesta de pães, manteiga, 2 ovos, queijo, bolo, 2 frutas, presunto, 2 sucos,',
      '2 tapiocas, geleia e croissant)...................................................................................R$ 74,00',
      '',
      'lanches',
      'Misto (queijo e presunto)...............................R$ 12,00',
      'X-salada (hambúrguer, queijo, presunto, ovo e verdura).......R$ 18,00',
    ].join('\n'),
    'cardapio.pdf',
  );

  it('"o café da manhã completo vem o que?" gets the priced item under the lower-case section, whole', async () => {
    const reply = await ask('o café da manhã completo vem o que?', [menu]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('Completo (café, leite, cesta de pães, manteiga, 2 ovos, queijo, bolo, 2 frutas, presunto, 2 sucos, 2 tapiocas, geleia e croissant)');
    expect(reply.text).toContain('R$ 74,00');
    expect(reply.text).not.toMatch(/^café da manhã\n/);
  });
});

/* A real estate agency's Markdown with its paragraphs hard-wrapped at a fixed width (the layout of a real file read in
 * QA; reproduced): a sentence runs over several lines. */
describe('a hard-wrapped paragraph is read as sentences, not as lines', () => {
  const about = passage(
    [
      'A **Breno Homara Imóveis**, atua em Higienópolis e imediações há mais de 25 anos,',
      'seus corretores moram no próprio bairro e são conhecedores da região e bairros',
      'vizinhos, podendo orientar e indicar a localização mais interessante para quem escolhe o bairro.',
      '',
      'Confie seu Imóvel à empresa que resolve tudo, que tira todas as suas dúvidas',
      'e acaba com suas preocupações, que presta contas mensalmente através de',
      'extratos das contas correntes; que deposita seu aluguel após o recebimento, onde',
      'você determinar; que paga todos os seus impostos, taxas e despesas de',
      'condomínio.',
      '',
      '## Locatário Pessoa Física',
      '',
      '- Carteira de Identidade e CPF (do casal, se for o caso)',
      '- Comprovante de rendimento igual ou superior a 3 (três) vezes o valor do aluguel',
      '  (contra-cheque de salário, carteira profissional, ou declaração de Imposto de Renda).',
      '- Certidão de Casamento',
    ].join('\n'),
    'sobre.md',
  );

  it('"vcs atuam em qual bairro" gets the sentence whole', async () => {
    const reply = await ask('vcs atuam em qual bairro', [about]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain(
      'A **Breno Homara Imóveis**, atua em Higienópolis e imediações há mais de 25 anos, seus corretores moram no próprio bairro e são conhecedores da região e bairros vizinhos, podendo',
    );
  });

  it('"vcs depositam o aluguel?" gets the clause whole, across its lines', async () => {
    const reply = await ask('vcs depositam o aluguel?', [about]);
    expect(reply.outcome).toBe('answered');
    expect(reply.text).toContain('que deposita seu aluguel após o recebimento, onde você determinar;');
  });

  it('the items of a list stay apart, and an item goes on over its wrapped line', async () => {
    const reply = await ask('precisa de comprovante de rendimento?', [about]);
    expect(reply.text).toContain('- Comprovante de rendimento igual ou superior a 3 (três) vezes o valor do aluguel (contra-cheque de salário');
    expect(reply.text).not.toContain('Certidão de Casamento');
  });

  it('lower-case lines of a menu are not run together', async () => {
    const menu = passage('bebidas\nrefrigerante lata 6,00\nsuco natural 8,00\n\nlanches\nmisto quente 12,00\nx-salada 18,00', 'cardapio.txt');
    const reply = await ask('quanto é o suco?', [menu]);
    expect(reply.text).toContain('suco natural 8,00');
    expect(reply.text).not.toContain('refrigerante');
  });
});

describe('a menu laid out vertically, one column of each row a line (a website\'s)', () => {
  // As html-to-text renders a menu of <div> columns: the sizes' header over the first name, a description a paragraph
  // apart, the prices one a line, and the next name right under the last price.
  const page = `Cardápio

Pizzas

Broto
Grande
Napolitana

Molho, muçarela, tomate e manjericão

R$ 28,00
R$ 49,00
Toscana

Molho, muçarela, linguiça e cebola

R$ 30,00
R$ 52,00
Toscana Especial

Molho, muçarela, linguiça, cebola e catupiry

R$ 34,00
R$ 58,00

Bebidas

Água sem Gás
R$ 3,50
Água C/ Gás
R$ 4,00
Suco de Caju
R$ 7,00`;
  const passages = textPassages(page).map((content, i) => passage(content, 'cardapio.html', `cardapio#${i}`));

  it('answers what comes in a pizza with its item, not its bare name', async () => {
    const reply = await ask('o que vem na pizza toscana?', passages);
    expect(reply.text).toContain('Toscana - Molho, muçarela, linguiça e cebola');
  });

  it('answers with the item named as asked before one that only has the word in its name or description', async () => {
    const reply = await ask('tem pizza toscana?', passages);
    expect(reply.text).toContain('Toscana - Molho, muçarela, linguiça e cebola');
    expect(reply.text).not.toContain('Toscana Especial');
  });

  it('lists a row once when two passages have it (the overlap of one repeats the end of the other)', async () => {
    const drinks = 'Milk Shakes\nBaunilha - R$ 13,00\nChocolate com Cookies - R$ 15,00';
    const reply = await ask('milk shake de cookies?', [passage(`Sucos\nCaju - R$ 7,00\n\n${drinks}`, 'bebidas.html', 'b#0'), passage(drinks, 'bebidas.html', 'b#1')]);
    expect(reply.text.match(/Chocolate com Cookies/g)).toHaveLength(1);
  });

  it('answers a price with the item and the size it is for, not a bare price', async () => {
    expect((await ask('agua com gas quanto e', passages)).text).toContain('Água C/ Gás - R$ 4,00');
    expect((await ask('quanto custa a napolitana grande?', passages)).text).toContain('Napolitana - Molho, muçarela, tomate e manjericão - Broto R$ 28,00; Grande R$ 49,00');
    expect((await ask('quanto é o suco de caju?', passages)).text).toContain('Suco de Caju - R$ 7,00');
  });
});

describe("a FAQ with an accordion's toggles between each question and its answer", () => {
  // As a FAQ page's text is copied or rendered: "+" and "-" (the accordion's open / close icons) under each question.
  const faq = `Perguntas frequentes

Quais as formas de pagamento?

+
-

Pix, dinheiro ou cartão de crédito.

Qual a multa para cancelar?

+
-

Na rescisão do contrato assinado na matrícula é cobrada multa de 20% das mensalidades restantes.

Como faço minha matrícula?

+
-

Pessoalmente na recepção, com um documento com foto.

O estúdio tem estacionamento?

+
-

Temos vagas gratuitas para alunos em frente ao prédio.`;
  const passages = textPassages(faq).map((content, i) => passage(content, 'duvidas.txt', `duvidas#${i}`));

  it('answers each question with the answer under it', async () => {
    expect((await ask('tem estacionamento?', passages)).text).toContain('Temos vagas gratuitas para alunos em frente ao prédio.');
    expect((await ask('quais as formas de pagamento', passages)).text).toContain('Pix, dinheiro ou cartão de crédito.');
  });

  it("does not answer with a neighbour's answer that only shares a word", async () => {
    const reply = await ask('como faço a matricula', passages);
    expect(reply.text).toContain('Pessoalmente na recepção');
    expect(reply.text).not.toContain('multa');
  });
});

describe('a contact page and colloquial questions (QA pass 4)', () => {
  it('"quanto e a consulta" asks the price ("e" is "é" without its accent), and so do "quanto ta" and "qto e"', async () => {
    for (const question of ['quanto e a consulta', 'quanto ta a consulta', 'consulta qto ta', 'qto e a consulta?']) {
      expect(questionParts(question).map((p) => p.type), question).toEqual(['price']);
    }
    // "qnd" is "quando", as "qto" is "quanto".
    for (const question of ['qnd começam as aulas?', 'qdo comeca a matricula']) expect(questionParts(question)[0]!.type, question).toBe('date');
    // Two items are still two parts.
    expect(questionParts('quanto custa o xis bacon e o xis frango?').map((p) => p.text)).toEqual(['quanto custa o xis bacon', 'o xis frango?']);
    const clinic = passage('Consultas\nA avaliação é gratuita e sem compromisso? Sim, mas não é recomendado trazer crianças.\nValor da consulta: R$ 150,00.', 'faq.md');
    expect((await ask('quanto e a consulta', [clinic])).text).toContain('R$ 150,00');
  });

  it('a contact page\'s bare phone, address and schedule answer "telefone de vcs", "qual o endereco" and "que horas vcs atendem"', async () => {
    // A dog hotel's site: the contact page names none of them, and a service page says "basta entrar em contato".
    const contact = passage('Av. Afonso Pena, 760\n\nSantos/SP\n\n(13) 3227-5322\n\nSegunda à Sábado\n09:00 às 12:00hs', 'contato.html');
    const services = passage('Em épocas de férias pode não haver serviço. Para se informar basta entrar em contato.', 'servicos.html');
    for (const [question, answer] of [['telefone de vcs', '(13) 3227-5322'], ['qual o endereco', 'Av. Afonso Pena, 760'], ['que horas vcs atendem', '09:00 às 12:00hs']]) {
      expect((await ask(question!, [services, contact])).text, question).toContain(answer);
    }
  });
});

describe('"como faço pra…?" asks how', () => {
  it('"como faço pra cancelar a reserva" gets where to send the request, not what happens to a cancelled booking', async () => {
    // An inn's policy (QA pass 4).
    const policy = passage(
      [
        'POLÍTICA DE NO SHOW:',
        'No Show é considerado quando o hóspede não chega na data de entrada reservada. Após este período consideraremos a reserva cancelada e teremos o mesmo procedimento da nossa política de cancelamento (será cobrado 100 %).',
        'Política de cancelamento',
        'Os pedidos de cancelamentos deverão ser encaminhados por escrito para reservas@pousada.com ou pelo telefone (22) 2623-7070.',
      ].join('\n\n'),
      'politica.docx',
    );
    expect((await ask('como faço pra cancelar a reserva', [policy])).text).toMatch(/^Os pedidos de cancelamentos deverão ser encaminhados por escrito/);
    // A channel alone is not how: "como posso pagar?" gets the ways to pay.
    const payment = passage('Aceitamos Pix, boleto e cartão de crédito em até 6x.\n\nO pagamento pelo site é seguro e criptografado.', 'loja.txt');
    expect((await ask('como posso pagar?', [payment])).text).toMatch(/^Aceitamos Pix/);
  });
});

describe('a contact asked for is given, not named', () => {
  it('"qual o whatsapp de vcs" gets the number, not a FAQ that says the WhatsApp can be used', async () => {
    // A dental clinic's FAQ and policies (QA pass 4).
    const faq = passage('## Sobre Agendamento\n\n### Posso agendar pelo WhatsApp?\n\nSim! Você pode agendar por:\n- Telefone\n- WhatsApp (inclusive pelo chatbot)', 'faq.md');
    const policies = passage('## Como Agendar\n\n- Telefone: (83) 3222-4444\n- WhatsApp: (83) 99937-7938', 'politicas.md');
    expect((await ask('qual o whatsapp de vcs', [faq, policies])).text).toContain('WhatsApp: (83) 99937-7938');
  });

  it('"contato" is any way to reach the shop: "qual o email pra contato" gets the e-mail', async () => {
    // A hamburgueria's footer (QA pass 5).
    const menu = passage('Hambúrgueres\nClássico - Carne 180g, cheddar duplo, bacon crocante. - R$ 34,90\nCostela - 180g Blend Costela, Cebola Crispy. - R$ 35,90', 'cardapio.html');
    const footer = passage('Contato\n\n* Seg - Dom: 18h às 23h\n* João Pessoa - PB\n* contato@oburgues.com.br', 'cardapio.html');
    const about = passage('QUEM SOMOS\n\nAtualmente contamos com nossa unidade principal em João Pessoa e já operamos como franquia.', 'inicio.html');
    expect((await ask('qual o email pra contato', [footer, menu, about])).text).toContain('contato@oburgues.com.br');
    const contato = [...lexemeSet('contato')];
    expect(namesContactWithout(contato, '* contato@oburgues.com.br')).toBe(false);
    expect(namesContactWithout(contato, 'Para se informar basta entrar em contato.')).toBe(true);
  });
});

describe('words of a hotel and a clinic as customers write them', () => {
  it('"quartos" meets "Dormitórios", "mudar" meets "alteração"', async () => {
    const hotel = passage('Dormitórios individuais e confortáveis, sempre limpos e arejados.\n\nBrincadeiras no gramado todos os dias.', 'hotel.html');
    expect((await ask('os quartos sao individuais?', [hotel])).text).toContain('Dormitórios individuais');
    const shop = passage('Após a confirmação do pagamento, não é possível fazer alteração no pedido.', 'faq.html');
    expect((await ask('posso mudar o pedido?', [shop])).text).toContain('não é possível fazer alteração no pedido');
  });

  it('"débito" is one kind of "cartão", not the same word: "aceita cartao de debito?" is not answered by "Todas as bandeiras"', async () => {
    // A gym's FAQ (QA pass 4).
    const faq = passage('Quais as formas de pagamento?\n\nCheque ou Cartão de Crédito, Cartão de Débito se plano mensal.\n\nQuais são os cartões aceitos?\n\nTodas as bandeiras.', 'duvidas.txt');
    expect((await ask('aceita cartao de debito?', [faq])).text).toContain('Cartão de Débito se plano mensal');
    expect((await ask('quais cartoes vcs aceitam?', [faq])).text).toContain('Todas as bandeiras');
  });
});

describe('a heading that lost its style heads the paragraph after it', () => {
  it('"Forma de pagamento" alone before a paragraph is its heading, not the answer ("formas de pagamento da reserva?")', async () => {
    // An inn's policy saved from its website as a Word file (QA pass 4): the headings are plain short lines.
    const policy = passage(
      [
        'POLÍTICA E CONDIÇÕES DE USO DA POUSADA',
        'Forma de pagamento',
        'A reserva pode ser paga em cartão de crédito ou depósito bancário, e o comprovante deverá ser enviado por e-mail.',
        'Pacotes Especiais (Réveillon, Carnaval, Semana Santa e Promoções)',
        'Cancelamento Total da reserva, irrevogável, não passivo de cancelamento.',
      ].join('\n\n'),
      'politica.docx',
    );
    expect((await ask('formas de pagamento da reserva?', [policy])).text).toMatch(/^Forma de pagamento:\nA reserva pode ser paga em cartão de crédito/);
    expect((await ask('pacote de reveillon pode cancelar?', [policy])).text).toContain('Cancelamento Total da reserva, irrevogável');
  });

  it('a product\'s name over its description is quoted with it ("vcs fazem torta de limao?")', async () => {
    // A cake shop's menu (QA pass 6): each product a short line, its description under it.
    const menu = passage(
      'TORTAS\n\nTorta de Limão\nMassa amanteigada recheada com creme de limão siciliano e coberta com merengue. Serve 12 pessoas.\n\nTorta Holandesa\nBase de biscoito, creme holandês e cobertura de chocolate meio amargo. Serve 12 pessoas.',
      'cardapio.docx',
    );
    expect((await ask('vcs fazem torta de limao?', [menu])).text).toMatch(/^Torta de Limão:\nMassa amanteigada/);
    expect((await ask('o que vem na torta holandesa?', [menu])).text).toMatch(/^Torta Holandesa:\nBase de biscoito/);
    // The description that says what it is needs no heading.
    const described = passage('Bolos\n\nBolo de cenoura\nBolo de cenoura com cobertura de chocolate, R$ 38,00.', 'cardapio.docx');
    expect((await ask('tem bolo de cenoura?', [described])).text).toMatch(/^Bolo de cenoura com cobertura/);
  });

  it('a FAQ\'s bare "**Não.**" is quoted with its question, and is not taken for a heading', async () => {
    // A dental clinic's FAQ in Markdown (QA pass 4).
    const faq = passage('### Vocês aceitam cheque?\n\n**Não.**\n\n### Aceitam Pix?\n\nSim, e cartão também.', 'faq.md');
    expect((await ask('aceita cheque', [faq])).text).toMatch(/^Vocês aceitam cheque\?\n\*\*Não\.\*\*/);
    expect((await ask('aceita pix?', [faq])).text).toMatch(/^Sim, e cartão também\./);
  });
});

describe('words of a vet, a florist and a hamburgueria (QA pass 5)', () => {
  it('"remédio" meets "medicamentos", "ultrassom" "ultrassonografia", "vegetariano" "Veggie", "tira" "remover", and "Est." is an address', async () => {
    const shop = passage(
      'Farmácia: Venda de medicamentos veterinários.\n\nImagem: Radiografias, ultrassonografia e endoscopia.\n\nA limpeza de pele é um procedimento estético que tem como objetivo remover cravos e impurezas da pele.\n\nLanches\nVeggie Burger - Hambúrguer de grão-de-bico, queijo e salada - R$ 29,00\nX-Bacon - Hambúrguer, bacon e queijo - R$ 27,00\n\nEndereço: Est. dos Bandeirantes, 505 - Jacarepaguá',
      'site.html',
    );
    for (const [question, answer] of [
      ['vcs vendem remedio?', 'Venda de medicamentos veterinários'],
      ['fazem ultrassom?', 'ultrassonografia'],
      ['tem hamburguer vegetariano?', 'Veggie Burger'],
      ['a limpeza de pele tira cravo?', 'remover cravos'],
      ['onde fica a loja?', 'Endereço: Est. dos Bandeirantes, 505'],
    ]) expect((await ask(question!, [shop])).text, question).toContain(answer);
    expect(questionParts('tira cravo?')[0]!.terms.find((t) => t.lexemes.includes('tir'))!.synonyms).toContain('remov');
  });
});

describe('titles and labels of lists, as documents write them (QA pass 5)', () => {
  it('a numbered title heads the bulleted fields under it, and its rows are shown with it', async () => {
    // A language course's PDF: each level a numbered title, its fields bulleted, with no indentation.
    const course = passage(
      'Níveis Oferecidos\n1. Inglês Básico (A1-A2)\n- Duração: 6 meses\n- Valor mensal: R$ 180,00\n2. Inglês Intermediário (B1-B2)\n- Duração: 8 meses\n- Valor mensal: R$ 220,00',
      'curso.pdf',
    );
    expect((await ask('qto e a mensalidade do basico', [course])).text).toMatch(/^Inglês Básico \(A1-A2\):\n- Valor mensal: R\$ 180,00/);
    expect((await ask('valor do intermediario', [course])).text).toMatch(/^Inglês Intermediário \(B1-B2\):\n- Valor mensal: R\$ 220,00/);
    // A school's sheet numbers its sections on two levels ("3.2. INFANTIL III (…)").
    const school = passage(
      '3.1. INFANTIL II (Crianças que completam 2 anos até 31/03/2025)\n- Mensalidade: R$ 290,00.\n3.2. INFANTIL III (Crianças que completam 3 anos até 31/03/2025)\n- Mensalidade: R$ 300,00.\n3.5. ENSINO FUNDAMENTAL (1º ao 5º ano)\n- Mensalidade (Para 2026): R$ 320,00.',
      'informacoes.pdf',
    );
    expect((await ask('qto é a mensalidade do infantil 3', [school])).text).toContain('INFANTIL III (Crianças que completam 3 anos até 31/03/2025):\n- Mensalidade: R$ 300,00.');
    // Asked of none of them, the same field under sibling titles is listed under each title: not the first one alone.
    expect((await ask('qual o valor da mensalidade?', [school])).text).toMatch(
      /^INFANTIL II \(Crianças.*\):\n- Mensalidade: R\$ 290,00\.\n\nINFANTIL III \(Crianças.*\):\n- Mensalidade: R\$ 300,00\.\n\nENSINO FUNDAMENTAL \(1º ao 5º ano\):\n- Mensalidade \(Para 2026\): R\$ 320,00\./,
    );
    // A value every title repeats is said once, under none of them.
    const uniform = passage('3.1. INFANTIL II\n- Mensalidade: R$ 900,00\n- Uniforme: R$ 150,00\n\n3.2. INFANTIL III\n- Mensalidade: R$ 950,00\n- Uniforme: R$ 150,00', 'valores.pdf');
    expect((await ask('qnto custa o uniforme?', [uniform])).text).toMatch(/^- Uniforme: R\$ 150,00\n\n_Fonte/);
  });

  it('titles in capitals one under the other: the last, before the lines it titles, is a subtitle ("VALORES AUTOESCOLA · CARRO E MOTO (A/B)")', async () => {
    // A driving school's price table as a PDF.
    const prices = passage(
      'Aulas Práticas\nAulas completas e dicas específicas, sendo o mesmo veículo usado no dia do Exame Prático.\n\nVALORES AUTOESCOLA\nHABILITAÇÃO\nCARRO E MOTO (A/B)\n20 aulas práticas de moto\n15 aulas práticas de carro\nÀ VISTA 1.000,00',
      'habilitacao.pdf',
    );
    expect((await ask('o carro da aula e o mesmo do exame?', [prices])).text).toContain('mesmo veículo usado no dia do Exame Prático');
    expect((await ask('quanto custa a habilitação de carro e moto a vista?', [prices])).text).toMatch(/^VALORES AUTOESCOLA · CARRO E MOTO \(A\/B\):\nÀ VISTA 1\.000,00/);
    // A list of capitals is a list: each line its own item.
    const payment = passage('FORMAS DE PAGAMENTO\nPIX\nDINHEIRO\nCARTÃO', 'loja.txt');
    expect((await ask('aceita pix?', [payment])).text).toContain('PIX');
  });

  it('a bulleted label ("* Buffet -", "* Bebidas") heads the lines under it, and a sentence without its full stop is no heading', async () => {
    // A wedding planner's quote as a PDF.
    const quote = passage(
      [
        'Orçamento\n* Buffet -\nIncluso todos os utensílios para o preparo.\nCrianças de 0 á 4 não pagam e de 5 á 9 pagam meia\n* Bebidas\nÁgua, refrigerante, Chá Gelado e Suco de Laranja',
        '* Formas de Pagamento -',
        'Pedimos 15% de entrada e o restante nos parcelamos no cartão.',
        '* Dj, som e iluminação -\nDj com repertório personalizado e iluminação cênica.',
      ].join('\n\n'),
      'orcamento.pdf',
    );
    for (const [question, answer] of [
      ['como é a forma de pagamento', 'Pedimos 15% de entrada'],
      ['tem dj e iluminação?', 'Dj com repertório personalizado'],
      ['criança paga?', 'Crianças de 0 á 4 não pagam'],
      ['quais bebidas tem?', 'Água, refrigerante'],
    ]) expect((await ask(question!, [quote])).text, question).toContain(answer);
  });
});

describe('schedules and sections of lists, as documents lay them out (QA pass 5)', () => {
  it('a day\'s line and its hours\' line are one line of the schedule ("Segunda á Sábado", "07:30 ás 19:00")', async () => {
    // A florist's information sheet.
    const florist = passage('HORÁRIO DE FUNCIONAMENTO\nSegunda á Sábado\n07:30 ás 19:00\nDomingo e Feriados\n07:30 ás 13:00\n\nCONTATOS\nWhatsApp: (21) 98639-1328', 'informacoes.txt');
    expect((await ask('q horas fecha sabado', [florist])).text).toMatch(/^Segunda á Sábado\n07:30 ás 19:00/);
    expect((await ask('abre domingo?', [florist])).text).toMatch(/^Domingo e Feriados\n07:30 ás 13:00/);
  });

  it('a short line before a bulleted list titles it, after another list too, and keeps the title it is under for its siblings', async () => {
    // A language course's PDF: sections one after the other, with no blank line between them.
    const course = passage(
      [
        'Horários e Turmas',
        'Turmas Manhã',
        '- Segunda a Sexta: 8h00 às 10h00',
        'Turmas Noite',
        '- Segunda a Sexta: 19h00 às 21h00',
        'Processo de Matrícula',
        'Documentos Necessários',
        '- RG e CPF',
        '- Comprovante de residência',
        'Teste de Nivelamento',
        'Todos os candidatos passam por um teste gratuito.',
        '*Entrada Negociável',
        'Á vista 3% de desconto',
        '* Adicionais:',
        'Chopp, Vinho e Bartenders',
      ].join('\n'),
      'curso.pdf',
    );
    expect((await ask('boa noite! tem turma a noite? q horario', [course])).text).toContain('Horários e Turmas · Turmas Noite:\n- Segunda a Sexta: 19h00 às 21h00');
    expect((await ask('quais documentos pra matricula', [course])).text).toMatch(/^Processo de Matrícula · Documentos Necessários:\n- RG e CPF\n- Comprovante de residência\n/);
    // The last item before the next title is an item, and a line with an amount titles nothing.
    expect((await ask('quais documentos pra matricula', [course])).text).not.toContain('Teste de Nivelamento');
    expect((await ask('tem desconto a vista?', [course])).text).toContain('Á vista 3% de desconto');
  });
});

describe('"aberto" and "fechado" as a shop says them, not any adjective (QA pass 6)', () => {
  it('"qual o horario de funcionamento" is not answered by "cravos abertos ou fechados"', async () => {
    // An aesthetics clinic's page, which gives no opening hours.
    const page = passage('Limpeza de pele\n\nÉ indicada, principalmente, para remoção de cravos abertos (pontos pretos) ou fechados (pontos brancos) e remoção de miliuns.', 'limpeza-de-pele.html');
    expect((await ask('qual o horario de funcionamento', [page])).text).toBe(NOT_FOUND);
    // A shop's "fechado" still answers, and "abertos" still asks for the hours.
    const hours = passage('Horário de funcionamento\nSegunda a sábado: das 8h às 18h\nDomingo: fechado', 'loja.txt');
    expect((await ask('abre domingo?', [hours])).text).toContain('Domingo: fechado');
    expect((await ask('vcs estao abertos sabado?', [hours])).text).toContain('Segunda a sábado: das 8h às 18h');
  });
});

describe('services and their fields, as a repair shop and a rental write them (QA pass 7)', () => {
  it('a heading that names the service asked ("### Fluido de Freio") ranks its fields above a sentence that shares other words', async () => {
    // A car repair shop's knowledge in Markdown: each service a heading, its fields bulleted and labelled.
    const services = passage(
      '### Troca de Óleo e Filtro\n- **Preço Base:** O serviço de troca de óleo custa R$ 120,00.\n\n### Fluido de Freio\n- **Descrição:** Substituição completa do fluido de freio do sistema.\n- **Preço:** R$ 70,00.',
      'servicos.md',
    );
    expect((await ask('quanto custa trocar o fluido de freio', [services])).text).toMatch(/^Fluido de Freio:\n- \*\*Preço:\*\* R\$ 70,00\./);
    expect((await ask('qual o valor da troca de oleo?', [services])).text).toContain('custa R$ 120,00');
  });
  it('the shop the customer names by its kind is the one answering ("onde fica a sorveteria?", "endereço da imobiliaria")', async () => {
    // An ice-cream shop's home page, with its chat widget's lines (QA pass 7).
    const home = passage(
      'Sorveteria Itapolitana\n\nLocalização\nR. Cel. Manoel Caetano, 311 – Cajuru/SP\nContato\n(16) 99606-2046\n\nFale Conosco\nSou o assistente da Sorveteria. Como posso te ajudar?\nDigitando...',
      'index.html',
    );
    for (const question of ['onde fica a sorveteria?', 'qual o endereço da sorveteria?']) expect((await ask(question, [home])).text).toMatch(/^R\. Cel\. Manoel Caetano, 311/);
    expect((await ask('telefone da sorveteria', [home])).text).toMatch(/^\(16\) 99606-2046/);
    const agency = passage('Imobiliária São Geraldo\n\nFale conosco\nRua Conde de Porto Alegre, 125 - Porto Alegre/RS\nFone: (51) 3333-4444', 'contato.html');
    expect((await ask('qual o endereço da imobiliaria?', [agency])).text).toContain('Rua Conde de Porto Alegre, 125');
    // A place that is not the shop is still asked for as itself.
    expect((await ask('onde fica o banheiro?', [home])).outcome).toBe('unanswered');
  });
  it('"quanto tempo dura" asks for a length of time, and a choice of two words is met by either ("convênio ou particular")', async () => {
    // A physiotherapy and Pilates studio's pages (QA pass 7).
    const pilates = passage(
      'Pilates\n\nNossas aulas\nAulas personalizadas, instruídas por fisioterapeutas. A duração da aula é de aproximadamente 1 (uma) hora.\nAs turmas são compostas com no máximo 3 alunos por instrutor.',
      'pilates.html',
    );
    const massage = passage('Massoterapia\n\nCada sessão tem duração de 50 minutos, com massoterapeuta formado.', 'massoterapia.html');
    const physio = passage('Fisioterapia\n\nOs atendimentos de fisioterapia são realizados de forma particular, com recibo para reembolso.', 'fisioterapia.html');
    expect((await ask('quanto tempo dura a aula de pilates?', [pilates, massage, physio])).text).toContain('aproximadamente 1 (uma) hora');
    expect((await ask('a sessão de massagem dura qto tempo?', [pilates, massage, physio])).text).toContain('50 minutos');
    expect((await ask('a fisioterapia é por convenio ou particular?', [pilates, massage, physio])).text).toContain('de forma particular');
    // Neither word of the choice: nothing to answer with.
    expect((await ask('a fisioterapia é por convenio ou plano?', [pilates, massage, physio])).outcome).toBe('unanswered');
    expect(questionParts('é por convenio ou particular?')[0]!.terms).toHaveLength(1);
  });
  it('"durante a semana" and "dias úteis" are the days a shop writes ("Segunda à Sexta"), not a length of time', async () => {
    // A real-estate agency's contact page (QA pass 7).
    const hours = passage('Horário de atendimento\nSegunda à Sexta: 9:30 hs até as 19:00 hs\nSábado: 9:00 hs até as 13:00 hs', 'contato.html');
    for (const question of ['qual horario de funcionamento durante a semana', 'abrem em dias uteis?', 'que horas abrem em dias de semana?']) {
      expect((await ask(question, [hours])).text).toMatch(/^Segunda à Sexta: 9:30 hs até as 19:00 hs/);
    }
    expect(shopWords('o prazo é de 5 dias úteis?')).toBe('o prazo é de 5 dias úteis?');
    expect(shopWords('na semana que vem abre?')).toBe('na semana que vem abre?');
  });
  it('a page\'s heading written as an item ("* TROCA DE VIDRO E DISPLAY") or with a footnote\'s mark ("FIADORES***:") heads what follows', async () => {
    // A phone repair shop's services page, as html-to-text writes its headings (QA pass 7).
    const repair = passage(
      '* TROCA DE VIDRO E DISPLAY\n\nSó trocamos o display completo caso não seja possível trocar apenas o vidro!\n\nCaiu e quebrou?\nTampa Traseira\nTroca da tela',
      'servicos.html',
    );
    expect((await ask('vcs trocam so o vidro da tela?', [repair])).text).toMatch(/^Só trocamos o display completo caso não seja possível trocar apenas o vidro!/);
    // A real-estate agency's list of documents, its label marked for a footnote.
    const documents = passage(
      'Documentação para locação\n\nLOCATÁRIO PESSOA FÍSICA:\n- Comprovante de renda\n\nFIADORES***:\n- Carteira de identidade do titular e do cônjuge se houver\n- Título de eleitor\n*** Somente após o completo exame cadastral será determinado a preferência pela locação.',
      'documentacao.html',
    );
    const reply = (await ask('quais documentos o fiador precisa levar?', [documents])).text;
    expect(reply).toMatch(/^FIADORES:\n- Carteira de identidade do titular/);
    expect(reply).toContain('- Título de eleitor');
  });
  it('words of a repair shop, a rental and a shop\'s policy: whats, conserto / reparo, quilometragem / kilometragem, promoção / oferta', async () => {
    // The structures of QA pass 7's pages.
    const contact = passage('Sorveteria Itapolitana\n\nLocalização\nR. Cel. Manoel Caetano, 311 – Cajuru/SP\n📱 Contato\n(16) 99606-2046', 'index.html');
    expect((await ask('qual o numero do whats?', [contact])).text).toContain('(16) 99606-2046');
    const repair = passage('Serviços\n\nRealizamos reparos em smartphones Apple (iPhone), Samsung e Motorola, com peças originais.', 'servicos.html');
    expect((await ask('vcs consertam iphone?', [repair])).text).toContain('Realizamos reparos em smartphones Apple (iPhone)');
    const rental = passage('Condições de locação\n\nKilometragem livre em todas as diárias.\nCaução de R$ 700,00 no cartão de crédito.', 'condicoes.html');
    expect((await ask('a quilometragem é livre?', [rental])).text).toContain('Kilometragem livre');
    const policy = passage('Vendas\n\nProdutos comprados em oferta não têm reembolso, apenas troca por defeito.', 'devolucao.html');
    expect((await ask('comprei em promoção, tem reembolso?', [policy])).text).toContain('Produtos comprados em oferta não têm reembolso');
    expect(shopWords('qual o número do pedido?')).toBe('qual o número do pedido?');
  });
  it('a list whose items are blocks of their own (a page\'s <li>s) is headed by the short line before it, and quoted whole when it is asked', async () => {
    // A shop's page as html-to-text writes it: a blank line between the items.
    const page = passage(
      'Loja Bela Vista\n\nSomos uma loja de roupas femininas no centro da cidade, com peças novas toda semana.\n\nFormas de pagamento\n\n- Pix;\n\n- Cartão de crédito em até 6x;\n\n- Boleto bancário.\n\nAs informações deste site estão sujeitas a alterações sem aviso prévio.',
      'index.html',
    );
    expect((await ask('quais as formas de pagamento?', [page])).text).toMatch(/^Formas de pagamento:\n- Pix;\n- Cartão de crédito em até 6x;\n- Boleto bancário\.\n\n_Fonte/);
    // A real-estate agency's page opens with the list's title (QA pass 7).
    const guarantees = passage(
      'Seguros e Garantias locatícias\n\n- Fiador (consulte-nos);\n\n- Título de Capitalização;\n\n- Seguro Fiança;\n\n- Caução de Imóvel.\n\nAs informações e valores de imóveis deste site estão sujeitas a alterações sem aviso prévio.',
      'garantias.html',
    );
    expect((await ask('quais as garantias?', [guarantees])).text).toMatch(/^Seguros e Garantias locatícias:\n- Fiador \(consulte-nos\);\n- Título de Capitalização;\n- Seguro Fiança;\n- Caução de Imóvel\./);
  });
});

describe("a page's live widgets, rendered before their script ran (QA pass 7)", () => {
  const { convert } = createRequire(import.meta.url)('html-to-text') as { convert: Parameters<typeof renderDocument>[0] };
  // An ice-cream shop's page: a clock under "Horário de Cajuru" and a chat widget, as the server sends them; the opening
  // hours only in the footer.
  const html = `<!doctype html><html><head><title>Sorveteria Gelato</title></head><body>
<header><nav><a href="/">Início</a> <a href="/sabores">Sabores</a></nav></header>
<main>
<h1>Sorveteria Gelato</h1>
<p>Sorvetes artesanais feitos todos os dias com frutas da estação.</p>
<section class="clock"><h3>Horário de Cajuru</h3><div id="clock">00:00:00</div><p class="status">carregando...</p></section>
<section><h2>Sabores</h2><ul><li>Chocolate belga</li><li>Morango</li><li>Pistache</li></ul></section>
<div class="chat-widget"><h4>Fale Conosco</h4><p>Sou o assistente da Sorveteria. Como posso te ajudar?</p><span class="typing">Digitando...</span></div>
</main>
<footer><p>Unidade Cajuru</p><p>Seg–Dom: 10h às 22h</p><p>© 2025 Sorveteria Gelato</p></footer>
</body></html>`;
  // As indexKnowledge stores a page (ingest/knowledge-base.ts): its text's passages, then its footer's contacts.
  const page = renderDocument(convert, html, true);
  const [contacts] = contactSections([{ text: page.text, contacts: contactBlocks(page.chrome) }]);
  const passages = [...textPassages(page.text), ...textPassages(contacts!)].map((content, i) => passage(content, 'gelato.com.br', `gelato#${i}`));

  it('answers the opening hours with the hours, not with the clock', async () => {
    for (const question of ['qual o horario de vcs?', 'que horas abre?']) {
      const reply = await ask(question, passages);
      expect(reply.text, question).toContain('Seg–Dom: 10h às 22h');
      expect(reply.text, question).not.toMatch(/00:00|carregando/);
    }
  });

  it("keeps the widgets' lines, and the chat's greeting, out of the passages; the page's content stays", () => {
    const text = passages.map((p) => p.content).join('\n\n');
    expect(text).not.toMatch(/00:00|carregando|Digitando|Como posso te ajudar|Horário de Cajuru|Fale Conosco/);
    expect(text).toContain('Sorvetes artesanais feitos todos os dias com frutas da estação.\n\nSabores\n\n* Chocolate belga');
  });
  it('a page\'s item heading ("* Palestra") or lower-case heading ("auditório") heads its paragraph; "quantas pessoas cabem" asks the capacity (QA pass 8)', async () => {
    // A nutritionist's services page, as html-to-text writes its headings.
    const services = passage(
      '* Exame de Bioimpedância\n\nO Exame de bioimpedância auxilia na avaliação da composição corporal.\n\n* Palestra\n\nSe você possui uma empresa e deseja levar informações sobre alimentação saudável, entre em contato para conhecer o nosso programa de Nutrição in Company.',
      'servicos.html',
    );
    expect((await ask('vcs fazem palestra em empresa?', [services])).text).toMatch(/^Palestra:\nSe você possui uma empresa/);
    // A hotel's rooms and spaces.
    const spaces = passage(
      'bar\n\nÁrea de descontração com café, chás e salgados.\n\nauditório\n\nAmbiente climatizado com capacidade para 25 pessoas.\n\nsala de reuniões\n\nAmbiente com ventilador de teto, com capacidade para 8 pessoas.',
      'servicos.html',
    );
    expect((await ask('o auditorio cabe quantas pessoas?', [spaces])).text).toMatch(/^auditório:\nAmbiente climatizado com capacidade para 25 pessoas\./);
    // Its contact list labels the street with its street word.
    const contact = passage('CONTATO\n\n* Rua: Pinheiro Machado, 2310\n* CEP: 97050-600\n* Santa Maria - RS', 'contato.html');
    expect((await ask('qual o endereço do hotel?', [contact])).text).toMatch(/^\* Rua: Pinheiro Machado, 2310/);
  });
});
