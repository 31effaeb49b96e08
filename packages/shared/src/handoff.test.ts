import { describe, expect, it } from 'vitest';
import { asksForPerson, handoffMessageAt, handoffSettingsSchema, nextOpening, withinBusinessHours } from './handoff';

// 2026-11-25 is a Wednesday; Brasília is UTC-3.
const at = (iso: string) => new Date(iso);
const weekdays = { days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' };

describe('business hours (Brasília time)', () => {
  it('tells open from closed', () => {
    expect(withinBusinessHours(null, at('2026-11-25T03:00:00Z'))).toBe(true);
    expect(withinBusinessHours(weekdays, at('2026-11-25T12:00:00Z'))).toBe(true); // 09:00
    expect(withinBusinessHours(weekdays, at('2026-11-25T11:59:00Z'))).toBe(false); // 08:59
    expect(withinBusinessHours(weekdays, at('2026-11-25T21:00:00Z'))).toBe(false); // 18:00
    expect(withinBusinessHours(weekdays, at('2026-11-28T15:00:00Z'))).toBe(false); // Saturday
  });

  it('says when the team answers next', () => {
    expect(nextOpening(weekdays, at('2026-11-25T10:00:00Z'))).toBe('hoje às 09:00'); // 07:00 Wednesday
    expect(nextOpening(weekdays, at('2026-11-25T22:00:00Z'))).toBe('amanhã às 09:00'); // 19:00 Wednesday
    expect(nextOpening(weekdays, at('2026-11-27T22:00:00Z'))).toBe('segunda-feira às 09:00'); // Friday night
    expect(handoffMessageAt({ message: 'Já chamo alguém.', businessHours: weekdays }, at('2026-11-27T22:00:00Z'))).toBe(
      'Já chamo alguém.\n\nNossa equipe está fora do horário de atendimento agora e responde a partir de segunda-feira às 09:00.',
    );
    expect(handoffMessageAt({ message: 'Já chamo alguém.', businessHours: weekdays }, at('2026-11-25T15:00:00Z'))).toBe('Já chamo alguém.');
  });

  it('validates the settings in pt-BR and normalises the notification number', () => {
    const base = { message: 'Oi', afterUnanswered: 2, timeoutMinutes: 30, businessHours: null };
    expect(handoffSettingsSchema.parse({ ...base, notifyWhatsapp: '+55 (11) 91234-5678' }).notifyWhatsapp).toBe('5511912345678');
    expect(handoffSettingsSchema.safeParse({ ...base, notifyWhatsapp: '1234' }).success).toBe(false);
    expect(handoffSettingsSchema.safeParse({ ...base, notifyWhatsapp: null, businessHours: { days: [1], open: '18:00', close: '09:00' } }).success).toBe(false);
  });
});

describe('a customer asking for a person (the handoff and the Painel alike)', () => {
  it.each([
    'Quero falar com um atendente',
    'quero falar com uma pessoa',
    'posso falar com uma pessoa?',
    'Posso falar com um humano?',
    'ATENDENTE',
    'atendente por favor',
    'humano',
    'humano!',
    'me passa pra um atendente',
    'me passa pra alguém da loja',
    'Tem como falar com alguém da equipe?',
    'preciso conversar com uma pessoa de verdade',
    'preciso de um atendente por favor',
    'gostaria de falar com o gerente',
    'quero falar com o gerente',
    'chama o dono aí',
    'não quero falar com robô',
    'Quero falar com atendente humano!!',
    'Queria falar com um vendedor',
    'Quero ser atendida por uma pessoa',
    'Tem alguém aí?',
    'oi, alguém aí?',
    'Tem alguém pra me atender?',
  ])('asks for a person: %s', (text) => expect(asksForPerson(text)).toBe(true));

  it.each([
    'Quero reservar uma mesa para 4 pessoas',
    'Quanto custa o rodízio por pessoa?',
    'Vocês atendem pessoa jurídica?',
    'Quero um bolo de chocolate',
    'Gostaria de um bolo para uma pessoa',
    'Qual o horário de atendimento?',
    'Obrigado pelo atendimento!',
    'A pessoa que me atendeu ontem foi ótima',
    'o atendente foi ótimo ontem, obrigado',
    'Tem bolo para alguém com alergia?',
    'Alguém aí sabe se vocês abrem no sábado?',
    'Vocês abrem no sábado?',
    'Vocês entregam em Campinas?',
    '',
  ])('does not: %s', (text) => expect(asksForPerson(text)).toBe(false));
});
