import { describe, expect, it } from 'vitest';
import { iframeSnippet, popupSnippet } from './snippets';

describe('integration snippets', () => {
  const url = 'https://atende.example.com/public-chat/abc123';

  it('embeds the public chat in a 100% × 600 px frame', () => {
    expect(iframeSnippet(url)).toBe(
      '<iframe src="https://atende.example.com/public-chat/abc123" width="100%" height="600" style="border:none;" title="Chat de atendimento" allow="clipboard-write"></iframe>',
    );
  });

  it('loads the widget from the public chat origin with the webhook id', () => {
    expect(popupSnippet('http://localhost:3000/public-chat/abc123', 'abc123')).toBe(
      '<script src="http://localhost:3000/widget.js" data-atende-agent="abc123" async></script>',
    );
  });

  it('escapes attribute values', () => {
    expect(iframeSnippet('https://x.test/public-chat/a"b<c>&')).toContain('src="https://x.test/public-chat/a&quot;b&lt;c&gt;&amp;"');
    expect(popupSnippet(url, '"><script>')).toContain('data-atende-agent="&quot;&gt;&lt;script&gt;"');
  });
});
