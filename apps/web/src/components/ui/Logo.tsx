import { Link } from 'react-router';
import { cn } from './cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={cn('size-8', className)} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 11.5A3.5 3.5 0 0 1 12.5 8h7A3.5 3.5 0 0 1 23 11.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.5 4v-4.2A3.5 3.5 0 0 1 9 16.5z" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 text-lg font-bold text-slate-900', className)}>
      <LogoMark />
      <span>Atende</span>
    </Link>
  );
}
