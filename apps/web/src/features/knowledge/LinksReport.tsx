import { TriangleAlert } from 'lucide-react';

/** The lines of the links field the server did not read (one per line: "link or text: reason"), as a warning list. */
export function LinksReport({ report }: { report: string }) {
  const lines = report.split('\n').map((line) => line.trim()).filter(Boolean);
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {lines.length === 1 ? 'Este link não pôde ser lido:' : 'Alguns links não puderam ser lidos:'}
      </p>
      <ul className="mt-1.5 list-disc space-y-1 pl-6">
        {lines.map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}
