import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FALLBACK_CONFIG, usePublicConfig } from './api';
import { Faq } from './components/Faq';
import { Features } from './components/Features';
import { FinalCta } from './components/FinalCta';
import { Hero } from './components/Hero';
import { HowItWorks } from './components/HowItWorks';
import { PlansTeaser } from './components/PlansTeaser';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';
import { SupportChat, useSupportChat } from './components/SupportChat';
import { VideoSection } from './components/VideoSection';
import { LANDING_DESCRIPTION } from './meta';

/** docs/product.md §2 landing page (/). */
export default function LandingPage() {
  useDocumentTitle('', LANDING_DESCRIPTION);
  const config = usePublicConfig();
  const { blogUrl, videoUrl, supportWebhookId } = config ?? FALLBACK_CONFIG;
  const supportChat = useSupportChat();
  // While the configuration loads, the hero's chat button is already there (no layout shift); a click opens the chat when it arrives.
  const supportAvailable = !config || Boolean(supportWebhookId);

  return (
    <div className="min-h-screen bg-white">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Pular para o conteúdo
      </a>
      <SiteHeader blogUrl={blogUrl} />
      <main id="conteudo">
        <Hero onTryAgent={supportAvailable ? supportChat.open : undefined} />
        <HowItWorks />
        <VideoSection videoUrl={videoUrl} />
        <Features />
        <PlansTeaser />
        <Faq />
        <FinalCta />
      </main>
      <SiteFooter blogUrl={blogUrl} />
      {supportWebhookId && <SupportChat webhookId={supportWebhookId} chat={supportChat} />}
    </div>
  );
}
