// Snippet: <script src="{PUBLIC_URL}/widget.js" data-atende-agent="{webhookId}" async></script>

/*
 * The Atende chat popup loader, served as /widget.js and pasted by merchants
 * into their own pages. It adds a floating button (bottom right, or left, in the
 * agent's colour: its 'Aparência') that opens the public chat of one agent in a
 * 400×600 frame (full screen on phones, whichever side). Escape closes it, also
 * from inside the chat, whose page asks for it (packages/shared/src/widget.ts).
 *
 * It runs on pages we do not control, so it keeps to itself: no globals (the
 * bundle is an IIFE), no global CSS (everything lives in a shadow root, styled
 * through a constructed stylesheet, which even strict CSPs allow), no
 * innerHTML (Trusted Types), and a second copy of the snippet does nothing.
 */

import { brandColors } from '../../../packages/shared/src/colors';
import { WIDGET_CLOSE_MESSAGE, WIDGET_FRAME_HASH } from '../../../packages/shared/src/widget';

const HOST_ID = 'atende-chat-widget';
const SVG_NS = 'http://www.w3.org/2000/svg';
const CHAT_ICON = 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z';
const CLOSE_ICON = 'M18 6 6 18M6 6l12 12';

const CSS = `
.b,.x{display:flex;align-items:center;justify-content:center;padding:0;margin:0;border:0;cursor:pointer;color:#fff}
.b{position:fixed;right:20px;bottom:20px;z-index:2147483647;width:60px;height:60px;border-radius:50%;background:var(--c,#4f46e5);color:var(--i,#fff);box-shadow:0 6px 20px rgba(15,23,42,.3);transition:transform .15s ease}
.b:hover{background:var(--h,#4338ca);transform:scale(1.05)}
.l .b,.l .p{right:auto;left:20px}
.b:focus-visible,.x:focus-visible{outline:3px solid #a5b4fc;outline-offset:3px}
.b svg{width:28px;height:28px}
.x{position:absolute;top:12px;right:12px;width:36px;height:36px;border-radius:50%;background:rgba(15,23,42,.35)}
.x svg{width:20px;height:20px}
.p{position:fixed;right:20px;bottom:92px;z-index:2147483647;width:400px;height:600px;max-width:calc(100vw - 40px);max-height:calc(100vh - 112px);border-radius:16px;overflow:hidden;background:#fff;box-shadow:0 12px 40px rgba(15,23,42,.3)}
.p[hidden]{display:none}
iframe{display:block;width:100%;height:100%;border:0}
@media (max-width:480px){.p,.l .p{top:0;right:0;bottom:0;left:0;width:100%;height:100%;max-width:none;max-height:none;border-radius:0}.o .b{display:none}}
@media (prefers-reduced-motion:reduce){.b{transition:none}}
`;

function icon(path: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const attrs: Record<string, string> = {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  };
  for (const name in attrs) svg.setAttribute(name, attrs[name]);
  const shape = document.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', path);
  svg.appendChild(shape);
  return svg;
}

function button(className: string, label: string, path: string): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = className;
  el.setAttribute('aria-label', label);
  el.appendChild(icon(path));
  return el;
}

function styleShadowRoot(root: ShadowRoot) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    // Browsers without constructable stylesheets (Safari < 16.4).
    const style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
  }
}

/** The agent's brand colour and the side of the page it chose (its 'Aparência'); the defaults until it answers. */
function applyAppearance(host: HTMLElement, wrapper: HTMLElement, agentUrl: string) {
  fetch(agentUrl, { credentials: 'omit' })
    .then((res) => (res.ok ? res.json() : null))
    .then((agent: { appearance?: { color?: string; position?: string } } | null) => {
      const look = agent?.appearance;
      if (!look) return;
      const colors = brandColors(look.color ?? '');
      host.style.setProperty('--c', colors.base);
      host.style.setProperty('--h', colors.hover);
      host.style.setProperty('--i', colors.ink);
      if (look.position === 'left') wrapper.classList.add('l');
    })
    .catch(() => {
      // Unreachable or unavailable agent: the bubble keeps the default look; the chat itself says what is wrong.
    });
}

function mount(chatUrl: string, agentUrl: string) {
  if (document.getElementById(HOST_ID)) return; // the snippet was pasted twice
  const host = document.createElement('div');
  host.id = HOST_ID;
  const root = host.attachShadow({ mode: 'open' });
  styleShadowRoot(root);

  const wrapper = document.createElement('div');
  const launcher = button('b', 'Abrir chat de atendimento', CHAT_ICON);
  launcher.setAttribute('aria-expanded', 'false');
  const panel = document.createElement('div');
  panel.className = 'p';
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Chat de atendimento');
  const close = button('x', 'Fechar chat', CLOSE_ICON);
  let frame: HTMLIFrameElement | null = null;

  const setOpen = (open: boolean) => {
    if (open && !frame) {
      // Created on first open, then kept: the conversation survives closing the popup.
      frame = document.createElement('iframe');
      frame.src = chatUrl + WIDGET_FRAME_HASH;
      frame.title = 'Chat de atendimento';
      panel.insertBefore(frame, close);
    }
    panel.hidden = !open;
    wrapper.classList.toggle('o', open);
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? 'Fechar chat de atendimento' : 'Abrir chat de atendimento');
    launcher.replaceChildren(icon(open ? CLOSE_ICON : CHAT_ICON));
    if (open) frame?.focus();
    else launcher.focus();
  };

  launcher.addEventListener('click', () => setOpen(panel.hidden));
  close.addEventListener('click', () => setOpen(false));
  root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape' && !panel.hidden) setOpen(false);
  });
  // Escape pressed inside the chat (where the focus is once open): the framed page asks to close.
  const chatOrigin = new URL(chatUrl).origin;
  window.addEventListener('message', (event) => {
    if (frame && event.source === frame.contentWindow && event.origin === chatOrigin && event.data === WIDGET_CLOSE_MESSAGE && !panel.hidden) {
      setOpen(false);
    }
  });

  panel.appendChild(close);
  wrapper.append(panel, launcher);
  root.appendChild(wrapper);
  document.body.appendChild(host);
  applyAppearance(host, wrapper, agentUrl);
}

// document.currentScript is only set while this script first runs: read it now.
const script = (document.currentScript ?? document.querySelector('script[data-atende-agent]')) as HTMLScriptElement | null;
const webhookId = script?.getAttribute('data-atende-agent')?.trim();
if (script?.src && webhookId) {
  // Relative to the script's own URL, so the chat comes from wherever widget.js was served.
  const chatUrl = new URL(`public-chat/${encodeURIComponent(webhookId)}`, script.src).href;
  const agentUrl = new URL(`webhook/${encodeURIComponent(webhookId)}`, script.src).href;
  if (document.body) mount(chatUrl, agentUrl);
  else document.addEventListener('DOMContentLoaded', () => mount(chatUrl, agentUrl));
} else {
  console.warn('[Atende] widget.js needs a data-atende-agent attribute with the agent id.');
}
