import { safeLinkUrl } from '@atende/shared';
import Markdown, { type Components } from 'react-markdown';

/*
 * Assistant replies are markdown. Raw HTML is never rendered (react-markdown
 * shows it as text; no rehype-raw), every URL goes through the docs/product.md §5 link
 * rule, and images are shown as links: an image would load by itself, which a
 * prompt-injected reply could use to leak the conversation to another server.
 */

const urlTransform = (url: string) => safeLinkUrl(url);

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
      <Markdown urlTransform={urlTransform} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
