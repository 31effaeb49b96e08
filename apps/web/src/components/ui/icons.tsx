import type { ReactNode } from 'react';

/*
 * The few icons of the public chat page, drawn here instead of imported from lucide-react: its icon factory and
 * each icon's module are ~2 KB of JavaScript that every customer (and every frame on a merchant's site) would load
 * for five pictures (the page's budget: bench/lib/web-budgets.json). The drawings are Lucide's (ISC licence,
 * © Lucide Contributors, lucide.dev), attributes as lucide-react renders them. The dashboard uses lucide-react.
 */
function Svg({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const SendIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M3.714 3.048a.498.498 0 0 0-.683.627l2.843 7.627a2 2 0 0 1 0 1.396l-2.842 7.627a.498.498 0 0 0 .682.627l18-8.5a.5.5 0 0 0 0-.904z" />
    <path d="M6 12h16" />
  </Svg>
);

export const NewChatIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z" />
    <path d="M12 8v6" />
    <path d="M9 11h6" />
  </Svg>
);

export const ChatOffIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="m2 2 20 20" />
    <path d="M4.93 4.929a10 10 0 0 0-1.938 11.412 2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 0 0 11.302-1.989" />
    <path d="M8.35 2.69A10 10 0 0 1 21.3 15.65" />
  </Svg>
);

export const AlertIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </Svg>
);

export const CheckIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </Svg>
);
