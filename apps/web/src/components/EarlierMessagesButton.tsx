import { Button } from './ui/Button';

/** Above a transcript whose earlier messages are not loaded yet (ADR 0022): loads the page before the first one shown. */
export function EarlierMessagesButton({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  return (
    <div className="mb-3 flex justify-center">
      <Button type="button" variant="ghost" loading={loading} onClick={onLoad}>
        Carregar mensagens anteriores
      </Button>
    </div>
  );
}
