import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contactBlocks, contactSections } from './contacts';
import { renderDocument } from './render';

const { convert } = createRequire(import.meta.url)('html-to-text') as { convert: Parameters<typeof renderDocument>[0] };

/** A small shop's page: its contacts only in the header and the footer, among menus and credits. */
const page = (main: string) => `<html><body>
  <header><a href="/"><img src="logo.png"></a><div><i class="icon"></i>contato@petvida.com.br <i class="icon"></i>(13) 3342-7517</div></header>
  <nav><ul><li><a href="/">Início</a></li><li><a href="/servicos">Serviços</a></li><li><a href="/fale">Fale Conosco</a></li></ul></nav>
  <main>${main}</main>
  <footer>
    <div><h4>NAVEGAÇÃO</h4><ul><li><a href="/">Início</a></li><li><a href="/sobre">Quem somos</a></li></ul></div>
    <div><h4>ONDE ESTAMOS</h4><div>Av. Oswaldo Cruz, 1396 - Guarujá<br>Seg a Sex 8h às 18h</div></div>
    <div>Clínica Pet Vida Ltda - CNPJ 12.345.678/0001-90</div>
    <div>Centro Veterinário Pet Vida<br>WhatsApp (13) 99876-5432<br>Desenvolvido por Agência Web</div>
    <p>© 2025 Pet Vida. Todos os direitos reservados.</p>
  </footer></body></html>`;

const chromeOf = (html: string) => renderDocument(convert, html, true).chrome;

describe('contactBlocks: the contacts of a page\'s header, footer and navigation', () => {
  it('keeps the blocks with a phone, an e-mail, an address, the hours or the CNPJ, without menus or credits', () => {
    expect(contactBlocks(chromeOf(page('<p>Banho e tosa.</p>')))).toEqual([
      'contato@petvida.com.br (13) 3342-7517',
      // Blocks one after the other are one block of text; its other lines (a name) are kept, the credits are not.
      'Av. Oswaldo Cruz, 1396 - Guarujá\nSeg a Sex 8h às 18h\nClínica Pet Vida Ltda - CNPJ 12.345.678/0001-90\nCentro Veterinário Pet Vida\nWhatsApp (13) 99876-5432',
    ]);
  });

  it('reads a schedule cut over two lines, and keeps only the contact lines (with their labels) of a long block', () => {
    expect(contactBlocks('Segunda a sexta\n8h às 18h')).toEqual(['Segunda a sexta\n8h às 18h']);
    const long = ['Início', 'Serviços', 'Produtos', 'Blog', 'Telefone:', '(11) 4002-8922', 'Trabalhe conosco', 'Política de privacidade', 'Termos de uso'];
    expect(contactBlocks(long.join('\n'))).toEqual(['Telefone:\n(11) 4002-8922']);
    expect(contactBlocks('Início\nServiços\nFale conosco')).toEqual([]);
    expect(contactBlocks('')).toEqual([]);
  });
});

describe('contactSections: said once per knowledge base', () => {
  it('gives the first page of a site its contacts under "Contato", and the other pages only what is new', () => {
    const pages = ['<p>Banho e tosa.</p>', '<p>Vacinas e exames.</p>'].map((main) => {
      const rendered = renderDocument(convert, page(main), true);
      return { text: rendered.text, contacts: contactBlocks(rendered.chrome) };
    });
    const other = { text: 'Unidade Santos.', contacts: ['Av. Ana Costa, 50 - Santos\n(13) 3222-1111', 'contato@petvida.com.br (13) 3342-7517'] };
    const [first, second, third] = contactSections([...pages, other]);
    expect(first).toBe(`Contato\n\n${contactBlocks(chromeOf(page(''))).join('\n\n')}`);
    expect(first).toContain('(13) 99876-5432');
    expect(second).toBe('');
    expect(third).toBe('Contato\n\nAv. Ana Costa, 50 - Santos\n(13) 3222-1111');
  });

  it('leaves out a block the page already says in its text (a contact page)', () => {
    expect(contactSections([{ text: 'Fale com a gente:\n\n(13) 3342-7517', contacts: ['(13) 3342-7517'] }])).toEqual(['']);
  });
});
