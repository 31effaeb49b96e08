import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { inputClass } from '../../components/ui/Field';
import { useCopy } from '../../lib/useCopy';

/** A read-only value with a copy button that says 'Copiado!' for 2 s. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  const { copied, copy } = useCopy();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          aria-describedby={`${id}-hint`}
          className={cn(inputClass, 'font-mono text-xs sm:text-sm')}
        />
        <Button type="button" variant="secondary" className="shrink-0 px-3" onClick={() => void copy(value)} aria-label={`Copiar ${label}`}>
          {copied ? <Check className="size-4 text-green-600" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copiado!' : <span className="hidden sm:inline">Copiar</span>}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    </div>
  );
}
