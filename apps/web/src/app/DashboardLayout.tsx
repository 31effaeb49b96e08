import { useQueryClient } from '@tanstack/react-query';
import { Bot, ChartColumn, ChevronsLeft, ChevronsRight, CircleHelp, CreditCard, Headset, LogOut, Plug, Settings, UserRound } from 'lucide-react';
import { DropdownMenu, Popover } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { cn } from '../components/ui/cn';
import { LogoMark } from '../components/ui/Logo';
import { authClient, useSession } from '../features/auth';
import { useWaitingCount } from '../features/inbox';

/** Dashboard shell (docs/product.md §2): collapsible sidebar, user badge, help and settings menu. */
/** The sidebar starts expanded (docs/product.md §2), except on phones where it would leave no room for the page. */
const startsCollapsed = () => window.matchMedia('(max-width: 767px)').matches;

export function DashboardLayout() {
  const [collapsed, setCollapsed] = useState(startsCollapsed);
  const waiting = useWaitingCount();
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside
        className={cn(
          'sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
          collapsed ? 'w-16' : 'w-64',
        )}
        aria-label="Menu lateral"
      >
        <div className={cn('flex items-center gap-2 px-4 py-4', collapsed && 'justify-center px-2')}>
          <LogoMark />
          {!collapsed && <span className="text-lg font-bold text-slate-900">Painel</span>}
        </div>
        <nav className="flex-1 space-y-6 px-3 py-2" aria-label="Navegação do painel">
          <NavSection title="Agentes" collapsed={collapsed}>
            <SideLink to="/dashboard/insights" icon={<ChartColumn className="size-5" />} label="Visão geral" collapsed={collapsed} />
            <SideLink to="/dashboard/agents" icon={<Bot className="size-5" />} label="Meus Agentes" collapsed={collapsed} />
            <SideLink to="/dashboard/inbox" icon={<Headset className="size-5" />} label="Atendimentos" collapsed={collapsed} badge={waiting} />
          </NavSection>
          <NavSection title="Integrações" collapsed={collapsed}>
            <SideLink to="/dashboard/integrations" icon={<Plug className="size-5" />} label="Em breve" collapsed={collapsed} />
          </NavSection>
        </nav>
        <UserBadge collapsed={collapsed} />
        <button
          type="button"
          onClick={() => setCollapsed((v) => !v)}
          className="flex items-center justify-center gap-2 border-t border-slate-200 px-3 py-3 text-sm text-slate-600 hover:bg-slate-50"
          aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
          aria-expanded={!collapsed}
        >
          {collapsed ? <ChevronsRight className="size-4" /> : <ChevronsLeft className="size-4" />}
          {!collapsed && <span>Recolher</span>}
        </button>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-10 flex h-16 items-center justify-end gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <HelpButton />
          <SettingsMenu />
        </header>
        <main className="flex-1 px-4 py-6 sm:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function NavSection({ title, collapsed, children }: { title: string; collapsed: boolean; children: ReactNode }) {
  return (
    <div>
      {!collapsed && <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>}
      <div className="space-y-1">{children}</div>
    </div>
  );
}

/** A sidebar entry; `badge` (e.g. customers waiting for a person) shows as a count and is read with the label. */
function SideLink({ to, icon, label, collapsed, badge = 0 }: { to: string; icon: ReactNode; label: string; collapsed: boolean; badge?: number }) {
  const fullLabel = badge > 0 ? `${label}, ${badge} ${badge === 1 ? 'cliente aguardando' : 'clientes aguardando'}` : label;
  return (
    <NavLink
      to={to}
      title={collapsed ? fullLabel : undefined}
      aria-label={collapsed || badge > 0 ? fullLabel : undefined}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          collapsed && 'justify-center px-2',
          isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      <span className="relative">
        {icon}
        {badge > 0 && collapsed && <span className="absolute -right-1 -top-1 size-2.5 rounded-full bg-amber-500 ring-2 ring-white" aria-hidden="true" />}
      </span>
      {!collapsed && <span>{label}</span>}
      {!collapsed && badge > 0 && (
        <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" aria-hidden="true">
          {badge}
        </span>
      )}
    </NavLink>
  );
}

function UserBadge({ collapsed }: { collapsed: boolean }) {
  const { data } = useSession();
  const label = data?.user.name?.trim() || data?.user.email || 'Visitante';
  return (
    <div className={cn('flex items-center gap-3 border-t border-slate-200 px-4 py-3', collapsed && 'justify-center px-2')} data-testid="user-badge">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
        aria-hidden="true"
      >
        {label.charAt(0).toUpperCase()}
      </span>
      {!collapsed && <span className="truncate text-sm font-medium text-slate-800">{label}</span>}
    </div>
  );
}

function HelpButton() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label="Ajuda">
          <CircleHelp className="size-5" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-72 rounded-xl bg-white p-4 text-sm shadow-lg ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">Precisa de ajuda?</p>
          <p className="mt-1 text-slate-600">
            Crie um agente em “Meus Agentes”, descreva a personalidade dele e compartilhe o link do chat com seus clientes.
          </p>
          <p className="mt-2 text-slate-600">
            Fale com a gente:{' '}
            <a className="font-medium text-brand-700 hover:underline" href="mailto:contato@atende.app">
              contato@atende.app
            </a>
          </p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function SettingsMenu() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  async function signOut() {
    // Home first: were the session gone while the dashboard is on screen, its guard could send the page to /login
    // before this menu's navigate ran (a hook's navigate does nothing once its component is gone).
    navigate('/', { replace: true });
    await authClient.signOut();
    queryClient.clear();
  }
  const item =
    'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label="Configurações">
          <Settings className="size-5" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200">
          <DropdownMenu.Item className={item} onSelect={() => navigate('/dashboard/profile')}>
            <UserRound className="size-4" /> Seus dados
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate('/dashboard/plan')}>
            <CreditCard className="size-4" /> Meu plano
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={cn(item, 'text-red-700')} onSelect={() => void signOut()}>
            <LogOut className="size-4" /> Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
