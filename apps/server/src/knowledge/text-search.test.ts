import { describe, expect, it } from 'vitest';
import { lexemeSet, questionWords, toTsvector, wordQuery } from './text-search';

const lexemes = (text: string) => [...lexemeSet(text)].sort();

describe('text analysis', () => {
  it('meets singular, plural, upper case and missing accents on one lexeme', () => {
    const forms = ['preço', 'preços', 'PRECO', 'precos', 'Preço!'];
    const sets = forms.map(lexemes);
    for (const set of sets) expect(set).toEqual(sets[0]);
    expect(sets[0]).toHaveLength(1);
    // Accent-free -ção/-ões/-ão words are also stemmed with the accents restored.
    for (const [written, other] of [['informação', 'informacoes'], ['informacao', 'informações'], ['pão', 'pao'], ['cartões', 'cartao']]) {
      expect(lexemes(written).filter((l) => lexemeSet(other).has(l)), `${written} ~ ${other}`).not.toEqual([]);
    }
  });

  it('leaves Portuguese stop words out and keeps numbers and codes as written', () => {
    expect(questionWords('Qual é o preço do pão de queijo?')).toEqual([['prec'], ['pa', 'pao'], ['queij']]);
    expect(lexemes('Tênis 45, código PF0001, 2kg')).toEqual(['2kg', '45', 'codig', 'pf0001', 'ten']);
    expect(lexemes('de a o que e do da em um para')).toEqual([]);
  });

  it('writes a tsvector literal of the distinct lexemes, with no positions', () => {
    expect(toTsvector(lexemeSet('Preços e preço: bolo de cenoura'))).toBe("'prec' 'bol' 'cenour'");
    expect(toTsvector(lexemeSet(' ... '))).toBe('');
    // Only letters and digits reach a lexeme: quotes and backslashes can never break the literal.
    expect(toTsvector(lexemeSet(`it's a \\ 'quoted' "word"`))).toMatch(/^('[\p{L}\p{N}]+' ?)+$/u);
  });

  it('asks for each question word once, as a prefix when it is a long word stem', () => {
    const words = questionWords('Sangrar depois de sangrar? Número 45');
    expect(words).toEqual([['sangr'], ['numer'], ['45']]);
    expect(words.map(wordQuery)).toEqual(["'sangr':*", "'numer':*", "'45'"]);
    expect(wordQuery(['gat'])).toBe("'gat'"); // short stems match exactly ("banh" must not find "banheiro")
    // A word whose accented and accent-free stems differ asks for either.
    const [ambiguous] = questionWords('informações');
    expect(ambiguous!.length).toBeGreaterThan(1);
    expect(wordQuery(ambiguous!)).toContain(' | ');
  });

  it('asks for a noun ending in -m / -ns in both numbers, which the stemmer leaves apart; not a verb', () => {
    expect(questionWords('cupom bombons mensagem itens')).toEqual([
      ['cupom', 'cupons'],
      ['bombons', 'bombom'],
      ['mensag', 'mensagens'],
      ['itens', 'item'],
    ]);
    expect(questionWords('fazem entregam')).toEqual([...lexemeSet('fazem entregam')].map((l) => [l]));
  });

  it("asks for an irregular verb form also as its verb's other forms, which the stemmer leaves apart; not for a form that is another word", () => {
    const [perca] = questionWords('perca');
    expect(perca).toEqual(expect.arrayContaining([...lexemeSet('perdido')]));
    for (const [form, other] of [['trouxe', 'trazemos'], ['sirvam', 'servimos'], ['ouço', 'ouvir'], ['ouco', 'ouvir'], ['mantenha', 'mantemos']]) {
      expect(questionWords(form).flat(), form).toEqual(expect.arrayContaining([...lexemeSet(other)]));
      expect(lexemeSet(form).has([...lexemeSet(other)][0]!), `the stemmer alone meets ${form} and ${other}`).toBe(false);
    }
    // "peça" is also a part (a car's); "saiba" would be "sábado" as "saber".
    expect(questionWords('peça')).toEqual([[...lexemeSet('peça')]]);
    expect(questionWords('saiba').flat()).not.toContain([...lexemeSet('sábado')][0]);
  });

  it('asks for a noun ending in a vowel and -u in both numbers ("pneu" / "pneus"), which the stemmer leaves apart', () => {
    expect(questionWords('pneu degraus')).toEqual([['pneu', 'pneus'], ['degraus', 'degrau']]);
    // An acronym in both numbers ("CEP" / "CEPs"), for retrieval too; not in a question written in capitals, nor a Roman numeral.
    expect(questionWords('vocês entregam no CEP? tem os PDFs?')).toEqual([['entreg'], ['cep', 'ceps'], ['pdfs', 'pdf']]);
    expect(questionWords('ENTREGAM NO CEP?')).toEqual([['entreg'], ['cep']]);
    expect(questionWords('quem foi Pedro II')).toEqual([['pedr'], ['ii', '2']]);
    // A verb in -ou or -iu has no plural.
    expect(questionWords('optou partiu')).toEqual([[...lexemeSet('optou')], [...lexemeSet('partiu')]]);
  });

  it('reads a number written with thousands separators or as "N mil" as its bare digits, on both sides', () => {
    // A workshop's price list (QA pass 7): "Revisão de 5.000 km" asked as "revisão de 5000 km" or "5 mil km".
    for (const [written, digits] of [['Revisão de 5.000 km', '5000'], ['60.000 km', '60000'], ['R$ 1.500,00', '1500'], ['1.000.000', '1000000'], ['10 mil km', '10000'], ['R$ 5 MIL', '5000'], ['1,5 mil', '1500']]) {
      expect(lexemeSet(written), written).toContain(digits);
      expect(questionWords(written).flat(), written).toContain(digits);
    }
    expect(lexemeSet('10.000km')).toContain('10000');
    // The parts stay in the passage's lexemes; the question asks for the number as one word.
    expect(lexemes('R$ 1.500,00')).toEqual(['00', '1', '1500', '500', 'r']);
    expect(questionWords('revisão de 10 mil km? e de 5.000?')).toEqual([['revisa'], ['10000'], ['km'], ['5000']]);
    expect(questionWords('revisão de 5000 km')).toEqual(questionWords('revisão de 5.000 km'));
    // Not a decimal, a date, a CEP, a phone number, a version, an address of a machine or "mil" inside a word.
    for (const text of ['1,5 kg', '1.5 L', '15.03.2024', '01310-100', '01.310-100', '(11) 98888-7777', '3227.5322', 'versão 1.2.3', '192.168.0.1', '3 milímetros', '0 mil', 'mil reais']) {
      expect(lexemes(text), text).toEqual([...lexemeSet(text.replace(/[.,]/g, ' '))].sort());
      expect(questionWords(text), text).toEqual(questionWords(text.replace(/[.,]/g, ' ')));
    }
  });

  it('reads a word written with a hyphen also without it ("WI-FI" / "wifi"); not a verb and its pronoun', () => {
    expect(lexemeSet('Temos WI-FI e e-mail')).toEqual(new Set([...lexemeSet('Temos wi fi e mail'), ...lexemeSet('wifi email')]));
    expect(lexemeSet('Pode-se entregá-lo')).toEqual(lexemeSet('Pode se entregá lo'));
  });

  it('meets a plural in -óis, -éis, -ais, -uis with its singular in -l, accents or not; not "pais", "seis", "dois" or "úteis"', () => {
    const meet = (a: string, b: string) => [...lexemeSet(a)].some((l) => lexemeSet(b).has(l));
    for (const [plural, singular] of [
      ['girassóis', 'girassol'],
      ['girassois', 'girassol'],
      ['lençóis', 'lencol'],
      ['pastéis', 'pastel'],
      ['papeis', 'papel'],
      ['anéis', 'anel'],
      ['animais', 'animal'],
      ['reais', 'real'],
      ['azuis', 'azul'],
      ['possíveis', 'possível'],
      ['confortaveis', 'confortável'],
      ['móveis', 'movel'],
    ]) {
      expect(meet(plural, singular), `${plural} ~ ${singular}`).toBe(true);
      expect(meet(singular, plural), `${singular} ~ ${plural}`).toBe(true);
    }
    // The plural keeps its own stem: it still meets what it met ("heróis" / "herói").
    expect(meet('heróis', 'herói')).toBe(true);
    // Too short before the ending to be such a plural, or an unstressed -eis whose singular is -il (it would meet
    // "utilidade"), or a singular that is a stop word ("quais" / "qual").
    for (const word of ['pais', 'cais', 'seis', 'reis', 'dois', 'bois', 'úteis', 'fáceis', 'quais']) expect(lexemes(word), word).toHaveLength(1);
    expect(lexemes('seis úteis quais')).toEqual(['qua', 'seis', 'ute']);
  });

  it('asks for a number with its Roman numeral and the other way round; not for numerals of one letter or "vi"', () => {
    expect(questionWords('Pagani 2')).toEqual([['pagan'], ['2', 'ii']]);
    expect(questionWords('Pedro II século XXI')).toEqual([['pedr'], ['ii', '2'], ['secul'], ['xxi', '21']]);
    expect(questionWords('5 10 6 40 vi x')).toEqual([['5'], ['10'], ['6'], ['40'], ['vi'], ['x']]);
  });

  it('ignores absurdly long tokens and caps the question', () => {
    expect(lexemes('a'.repeat(61))).toEqual([]);
    const long = Array.from({ length: 50 }, (_, i) => `palavra${i}x`).join(' ');
    expect(questionWords(long)).toHaveLength(32);
  });
});
