import { describe, expect, it } from 'vitest';
import { messagePreview, plainPreview } from './format';

describe('plainPreview', () => {
  it('drops quote, heading and list markers, emphasis, code and link targets', () => {
    expect(plainPreview('> Aos domingos, das 7h às 12h45.\n\n_Fonte: horarios.pdf_')).toBe('Aos domingos, das 7h às 12h45. Fonte: horarios.pdf');
    expect(plainPreview('## Preços\n- **Bolo de fubá**: R$ 22,00\n1. `cupom` [no site](https://loja.com.br)')).toBe(
      'Preços Bolo de fubá: R$ 22,00 cupom no site',
    );
  });

  it('keeps what only looks like markup: snake_case, a lone asterisk, arithmetic', () => {
    expect(plainPreview('O campo nome_da_loja e 2 * 3 = 6')).toBe('O campo nome_da_loja e 2 * 3 = 6');
  });
});

describe('messagePreview', () => {
  it("shows a customer's text as written: Markdown-looking text is not theirs to be read as Markdown", () => {
    expect(messagePreview('[x](javascript:alert(1))', 'user')).toBe('[x](javascript:alert(1))');
    expect(messagePreview('> **oi**\n\n_tudo_ bem? # 1', 'user')).toBe('> **oi** _tudo_ bem? # 1');
  });

  it("previews the agent's and the team's Markdown as plain text", () => {
    expect(messagePreview('> Das 7h às 12h.\n\n_Fonte: horarios.pdf_', 'assistant')).toBe('Das 7h às 12h. Fonte: horarios.pdf');
    expect(messagePreview('Veja [no site](https://loja.com.br)', 'team')).toBe('Veja no site');
    expect(messagePreview('**Preço**: R$ 10', undefined)).toBe('Preço: R$ 10');
  });
});
