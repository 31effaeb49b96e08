import { Check, Play, WifiOff } from 'lucide-react';
import { useState } from 'react';

const highlights = [
  'Respostas com o conhecimento da sua empresa, a qualquer hora',
  'Um só agente no link, no site e no WhatsApp',
  'Todas as conversas registradas no seu painel',
];

/** The explainer video: a poster until the visitor asks to play it (no third-party request before that). */
export function VideoSection({ videoUrl }: { videoUrl: string | null }) {
  return (
    <section aria-labelledby="video-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div>
          <h2 id="video-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Veja o Atende em ação
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Em poucos minutos você cria o agente, ensina tudo sobre o seu negócio e começa a atender.
          </p>
          <ul className="mt-6 space-y-3 text-slate-700">
            {highlights.map((text) => (
              <li key={text} className="flex gap-3">
                <Check className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <ExplainerVideo url={videoUrl} />
      </div>
    </section>
  );
}

type VideoState = 'poster' | 'playing' | 'offline';

function ExplainerVideo({ url }: { url: string | null }) {
  const [state, setState] = useState<VideoState>('poster');
  const frame = 'relative aspect-video w-full overflow-hidden rounded-2xl shadow-xl ring-1 ring-slate-900/10';

  if (url && state === 'playing') {
    const src = new URL(url);
    src.searchParams.set('autoplay', '1');
    return (
      <div className={`${frame} bg-slate-900`}>
        <iframe
          src={src.href}
          title="Vídeo de apresentação do Atende"
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const poster = (
    <>
      <div className="absolute inset-0 bg-gradient-to-br from-brand-600 via-brand-700 to-slate-900" aria-hidden="true" />
      <div
        className="absolute inset-0 opacity-20 [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:22px_22px]"
        aria-hidden="true"
      />
      <div className="relative flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-white sm:gap-4 sm:p-6" aria-live="polite">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-white text-brand-700 shadow-lg transition-transform group-hover:scale-105 sm:size-20">
          {state === 'offline' ? (
            <WifiOff className="size-6 sm:size-8" aria-hidden="true" />
          ) : (
            <Play className="ml-1 size-6 fill-current sm:size-8" aria-hidden="true" />
          )}
        </span>
        <span className="text-base font-semibold sm:text-lg">
          {!url ? 'Vídeo de apresentação em breve' : state === 'offline' ? 'Sem conexão com a internet' : 'Assista à apresentação'}
        </span>
        <span className="max-w-sm text-xs text-brand-50 sm:text-sm">
          {!url
            ? 'Enquanto isso, tire suas dúvidas com o nosso agente no botão Atendimento.'
            : state === 'offline'
              ? 'Conecte-se e toque novamente para assistir ao vídeo.'
              : 'Como criar, ensinar e publicar o seu agente de IA.'}
        </span>
      </div>
    </>
  );

  if (!url) return <div className={frame}>{poster}</div>;
  return (
    <button
      type="button"
      className={`group block text-left ${frame}`}
      onClick={() => setState(navigator.onLine ? 'playing' : 'offline')}
    >
      {poster}
    </button>
  );
}
