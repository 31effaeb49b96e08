import { describe, expect, it } from 'vitest';
import { isBrazilianPhone, profileUpdateSchema } from './auth';

describe('isBrazilianPhone', () => {
  it.each(['(11) 98888-7777', '+55 11 98888-7777', '11988887777', '5511988887777', '(21) 3333-4444', '+55 (31) 2345-6789', '11 9 8888 7777'])(
    'accepts %s',
    (phone) => expect(isBrazilianPhone(phone)).toBe(true),
  );
  it.each(['1234', '(11) 8888-777', '(01) 98888-7777', '(11) 18888-7777', '(11) 88888-7777', '+1 415 555 0100', 'telefone', '11 98888-7777 ramal 2', '(11) 98888-77777'])(
    'refuses %s',
    (phone) => expect(isBrazilianPhone(phone)).toBe(false),
  );
});

describe('profileUpdateSchema', () => {
  it('takes any of the fields, with the pt-BR reason for a bad phone, and refuses an empty update', () => {
    expect(profileUpdateSchema.parse({ name: '  Ana  ' })).toEqual({ name: 'Ana' });
    expect(profileUpdateSchema.safeParse({ phone: '123' }).error?.issues[0]?.message).toMatch(/^Telefone inválido/);
    expect(profileUpdateSchema.safeParse({}).success).toBe(false);
  });
});
