import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { Logo } from '../../../components/ui/Logo';

/** A plain anchor (sections of this page, the external blog) or a route of the app. */
type NavItem = { label: string; href: string } | { label: string; to: string };

const navItems = (blogUrl: string): NavItem[] => [
  { label: 'Como Funciona', href: '#como-funciona' },
  { label: 'FAQ', href: '#faq' },
  { label: 'Planos', to: '/plans' },
  { label: 'Tutoriais', href: blogUrl },
];

function NavLinkItem({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  if ('to' in item) {
    return (
      <Link to={item.to} className={className} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <a href={item.href} className={className} onClick={onNavigate}>
      {item.label}
    </a>
  );
}

/** docs/product.md §2 navigation: Como Funciona and FAQ scroll to their sections, Planos, Tutoriais (blog), Entrar; a hamburger on phones. */
export function SiteHeader({ blogUrl }: { blogUrl: string }) {
  const items = navItems(blogUrl);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Principal" className="hidden items-center gap-1 text-sm font-medium md:flex">
          {items.map((item) => (
            <NavLinkItem
              key={item.label}
              item={item}
              className="rounded-lg px-3 py-2 text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
            />
          ))}
          <Link to="/login" className={buttonClass('secondary', 'ml-2')}>
            Entrar
          </Link>
        </nav>
        <MobileMenu items={items} />
      </div>
    </header>
  );
}

/**
 * The phone menu: a disclosure button (aria-expanded) and a panel over the
 * page. Opening moves focus to the first link; Esc, an outside click or
 * choosing a link closes it (Esc returns focus to the button).
 */
function MobileMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const linkClass = 'block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';
  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="-mr-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Fechar menu' : 'Abrir menu'}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
      </button>
      <nav
        ref={panelRef}
        id={panelId}
        aria-label="Menu"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg"
      >
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.label}>
              <NavLinkItem item={item} className={linkClass} onNavigate={close} />
            </li>
          ))}
        </ul>
        <Link to="/login" className={buttonClass('secondary', 'mt-3 w-full py-3 text-base')} onClick={close}>
          Entrar
        </Link>
      </nav>
    </div>
  );
}
