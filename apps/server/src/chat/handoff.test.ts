import { describe, expect, it } from 'vitest';
import { wantsPerson } from './handoff';

describe('wantsPerson', () => {
  it.each([
    'Quero falar com um atendente',
    'quero falar com uma pessoa',
    'Posso falar com um humano?',
    'ATENDENTE',
    'atendente por favor',
    'humano',
    'me passa pra um atendente',
    'Tem como falar com alguém da equipe?',
    'preciso conversar com uma pessoa de verdade',
    'gostaria de falar com o gerente',
    'chama o dono aí',
    'não quero falar com robô',
    'Quero falar com atendente humano!!',
    'Queria falar com um vendedor',
  ])('asks for a person: %s', (text) => expect(wantsPerson(text)).toBe(true));

  it.each([
    'Quero reservar uma mesa para 4 pessoas',
    'Quanto custa o rodízio por pessoa?',
    'Vocês atendem pessoa jurídica?',
    'Quero um bolo de chocolate',
    'Qual o horário de atendimento?',
    'Obrigado pelo atendimento!',
    'A pessoa que me atendeu ontem foi ótima',
    'Vocês abrem no sábado?',
    '',
  ])('does not: %s', (text) => expect(wantsPerson(text)).toBe(false));
});
