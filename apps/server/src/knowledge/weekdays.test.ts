import { describe, expect, it } from 'vitest';
import { lexemeSet } from './text-search';
import { restOfWeek, spellWeekdays, weekdayAt, weekdaysIn } from './weekdays';

describe('the days of the week a text names', () => {
  it.each([
    ['Segunda a sexta, das 8h às 18h', [1, 2, 3, 4, 5]],
    ['de segunda-feira a sexta-feira', [1, 2, 3, 4, 5]],
    ['Seg-Sex 8h às 17h', [1, 2, 3, 4, 5]],
    ['Seg. à Sex.: 9h–18h', [1, 2, 3, 4, 5]],
    ['de segunda á sábado', [1, 2, 3, 4, 5, 6]], // á for à, as often typed
    ['2ª a 6ª das 7h às 19h', [1, 2, 3, 4, 5]],
    ['de terça até domingo', [0, 2, 3, 4, 5, 6]],
    ['Aberto de domingo a domingo', [0, 1, 2, 3, 4, 5, 6]],
    ['4º FEIRA', [3]],
    ['Quarta-feira: feijoada', [3]],
    ['Sáb e Dom: 10h às 14h', [0, 6]],
    ['Seg/Qua/Sex', [1, 3, 5]],
    ['Dom: fechado', [0]],
    ['Aos sábados, das 6h às 18h.', [6]],
    ['Fins de semana e feriados: fechado', [0, 6]],
    ['Atendemos em dias úteis, das 9h às 17h.', [1, 2, 3, 4, 5]],
    ['Abrimos todos os dias, inclusive feriados.', [0, 1, 2, 3, 4, 5, 6]],
  ])('%s', (text, days) => expect(weekdaysIn(text)).toEqual(days));

  it.each([
    'É preciso ter 18 anos.', // the verb, not Tuesday
    'Um dom para a cozinha.',
    'Entregamos em até 7 dias úteis.', // a length of time, not the days
    'em 5 (cinco) dias úteis',
    'abaixo de 2 ° C',
    'Peça a 2ª via do boleto.',
    'Servimos café da manhã em todos os dias de funcionamento.', // the days open, said elsewhere
  ])('none in %s', (text) => expect(weekdaysIn(text)).toEqual([]));

  it('a question names its days as the knowledge does', () => {
    expect(spellWeekdays('abre 4ª feira?')).toBe('abre quarta?');
    expect(spellWeekdays('vcs abrem sáb?')).toBe('vcs abrem sábado?');
    expect(spellWeekdays('Abre na terça-feira?')).toBe('Abre na terça?');
    expect(spellWeekdays('e aos domingos?')).toBe('e aos domingo?');
    expect(spellWeekdays('tem como ter desconto?')).toBe('tem como ter desconto?');
  });

  it("reads 'hoje', 'agora' and 'amanhã' as the day they are in Brasília, in a question about opening hours only", () => {
    // 01:30 UTC on a Saturday is still Friday in Brasília (UTC-3).
    const fridayNight = new Date('2026-11-28T01:30:00Z');
    expect(weekdayAt(fridayNight)).toBe(5);
    expect(spellWeekdays('vocês estão abertos agora?', fridayNight)).toBe('vocês estão abertos sexta?');
    expect(spellWeekdays('abre hoje?', fridayNight)).toBe('abre sexta?');
    expect(spellWeekdays('e amanhã, funciona?', fridayNight)).toBe('e sábado, funciona?');
    expect(spellWeekdays('que horas fecha hoje?', new Date('2026-11-29T15:00:00Z'))).toBe('que horas fecha domingo?');
    // Not about opening: left as written.
    expect(spellWeekdays('qual o nome da universidade hoje?', fridayNight)).toBe('qual o nome da universidade hoje?');
    expect(spellWeekdays('abril tem promoção hoje?', fridayNight)).toBe('abril tem promoção hoje?');
  });

  it("reads 'demais dias' as the days the other lines do not name", () => {
    const days = (names: string) => [...lexemeSet(names)].sort();
    const [tuesday, rest] = restOfWeek(['Terça-feira: 12:45 às 17:45', 'Demais dias: Fechado']);
    expect(tuesday).toEqual([]);
    expect([...rest!].sort()).toEqual(days('domingo segunda quarta quinta sexta sábado'));
    expect(restOfWeek(['Segunda a sexta: 9h às 18h', 'Nos outros dias, só com hora marcada.'])[1]!.sort()).toEqual(days('sábado domingo'));
    // Without a day named elsewhere, "demais dias" stands for nothing.
    expect(restOfWeek(['Demais dias: Fechado'])).toEqual([[]]);
  });
});
