import { describe, expect, it } from 'vitest';
import { plainPreview } from './format';

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
