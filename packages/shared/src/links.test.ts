import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './links';

describe('safeLinkUrl (docs/product.md §5)', () => {
  it.each([
    'https://loja.example/produto?id=1',
    'http://loja.example',
    'mailto:contato@loja.example',
    'tel:+5511999990000',
    '/pedidos/123',
    '#topo',
    '/busca?q=a:b',
    '#a:b',
  ])('keeps %s', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  // Payloads from public XSS filter-evasion lists (OWASP cheat sheet, PayloadsAllTheThings).
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '//evil.example/x',
    'javascript://%0aalert(1)',
    'livescript:alert(1)',
    'relative/path',
    'ftp://example.com',
    '',
  ])('neutralises %j', (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });

  it('is null for missing values', () => {
    expect(safeLinkUrl(undefined)).toBeNull();
    expect(safeLinkUrl(null)).toBeNull();
  });
});
