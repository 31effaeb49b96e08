/** Escapes a value for a double-quoted HTML attribute. */
function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** 'Integração Básica': the public chat in a 100% × 600 px frame (docs/product.md §9). */
export function iframeSnippet(publicChatUrl: string): string {
  return `<iframe src="${attr(publicChatUrl)}" width="100%" height="600" style="border:none;" title="Chat de atendimento" allow="clipboard-write"></iframe>`;
}

/** 'Chat Popup': the widget loader served by the same host as the public chat, configured by the webhook id. */
export function popupSnippet(publicChatUrl: string, webhookId: string): string {
  const origin = new URL(publicChatUrl).origin;
  return `<script src="${attr(origin)}/widget.js" data-atende-agent="${attr(webhookId)}" async></script>`;
}
