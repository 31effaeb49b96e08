import { safeLinkUrl } from '@atende/shared';
import Markdown, { type Components } from 'react-markdown';

/*
 * Assistant replies are markdown. Raw HTML is never rendered (react-markdown
 * shows it as text; no rehype-raw), every URL goes through the docs/product.md §5 link
 * rule, and images are shown as links: an image would load by itself, which a
 * prompt-injected reply could use to leak the conversation to another server.
 */

const urlTransform = (url: string) => safeLinkUrl(url);

/* A chat message is written like one: each line break the writer typed (the team's Shift+Enter, an address on
 * three lines, a list of prices from the knowledge) stays a line break, and a bare web address is a link — as
 * WhatsApp shows them. Markdown alone joins the lines into one and leaves the address as text. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** A web address typed as is, without what usually follows it in a sentence (a full stop, a closing bracket). */
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`]+/g;
const TRAILING = /[.,;:!?)\]}*_~]+$/;

function textWithBreaksAndLinks(value: string): MdNode[] {
  const nodes: MdNode[] = [];
  value.split('\n').forEach((line, i) => {
    if (i > 0) nodes.push({ type: 'break' });
    let last = 0;
    for (const match of line.matchAll(BARE_URL)) {
      const url = match[0].replace(TRAILING, '');
      if (!url.replace(/^https?:\/\//, '')) continue;
      const start = match.index;
      if (start > last) nodes.push({ type: 'text', value: line.slice(last, start) });
      nodes.push({ type: 'link', url, children: [{ type: 'text', value: url }] });
      last = start + url.length;
    }
    if (last < line.length) nodes.push({ type: 'text', value: line.slice(last) });
  });
  return nodes;
}

function chatText(node: MdNode) {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'text') {
      chatText(child);
      return [child];
    }
    return textWithBreaksAndLinks(child.value ?? '');
  });
}

const remarkChatText = () => (tree: MdNode) => chatText(tree);
const remarkPlugins = [remarkChatText];

function SafeLink({ href, children }: { href?: string | null; children?: React.ReactNode }) {
  // A rejected URL arrives without href: a harmless anchor that goes nowhere.
  if (!href) return <a className="text-inherit no-underline">{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline underline-offset-2">
      {children}
    </a>
  );
}

const components: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ src, alt }) => <SafeLink href={typeof src === 'string' ? src : null}>{alt || src}</SafeLink>,
};

const prose =
  'space-y-2 break-words [&_code]:rounded [&_code]:bg-slate-200/70 [&_code]:px-1 [&_code]:text-[0.85em] ' +
  '[&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 ' +
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-200/70 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0 ' +
  '[&_ul]:list-disc [&_ul]:pl-5 [&_blockquote]:border-l-2 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3';

export default function ChatMarkdown({ children }: { children: string }) {
  return (
    <div className={prose}>
      <Markdown urlTransform={urlTransform} components={components} remarkPlugins={remarkPlugins}>
        {children}
      </Markdown>
    </div>
  );
}
