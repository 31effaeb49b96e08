import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const HERO = 'Crie seu Agente de IA em minutos';
const BLOG_HOST = 'blog.atende.app';
const CHAT_FRAME = 'iframe[title="Chat com o Atendimento Atende"]';

/**
 * Opens the landing page and waits until the app has taken over the
 * prerendered HTML: the 'Atendimento' button needs the script and the public
 * configuration.
 */
async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Atendimento', exact: true })).toBeVisible();
}

/** The external blog, answered locally: tests never touch the internet. */
async function fakeBlog(page: Page) {
  await page.context().route(
    (url) => url.hostname === BLOG_HOST,
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Blog do Atende</title><h1>Tutoriais</h1>' }),
  );
}

async function supportWebhookId(page: Page): Promise<string> {
  const res = await page.request.get('/api/public-config');
  expect(res.ok()).toBe(true);
  const config = (await res.json()) as { supportWebhookId: string | null };
  expect(config.supportWebhookId).toBeTruthy();
  return config.supportWebhookId!;
}

test.describe('desktop', () => {
  test('every navigation item works; Como Funciona and FAQ scroll into view', async ({ page }) => {
    await fakeBlog(page);
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Principal' });

    const howItWorks = page.getByRole('heading', { level: 2, name: 'Como Funciona' });
    await expect(howItWorks).not.toBeInViewport();
    await nav.getByRole('link', { name: 'Como Funciona' }).click();
    await expect(howItWorks).toBeInViewport();
    await expect(page).toHaveURL(/#como-funciona$/);

    const faq = page.getByRole('heading', { level: 2, name: 'Perguntas frequentes' });
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(faq).toBeInViewport();
    await expect(page).toHaveURL(/#faq$/);
    await expect(howItWorks).not.toBeInViewport();

    await nav.getByRole('link', { name: 'Planos', exact: true }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible();

    await page.goBack();
    await nav.getByRole('link', { name: 'Tutoriais' }).click();
    await expect(page).toHaveURL(`https://${BLOG_HOST}/`);
    await expect(page.getByRole('heading', { name: 'Tutoriais' })).toBeVisible();

    await page.goBack();
    await nav.getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  });

  test("the hero's 'Comece já' goes to sign-up; the footer links to the legal pages", async ({ page }) => {
    await openLanding(page);
    await page.getByRole('link', { name: 'Comece já' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await page.goBack();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Termos de Uso' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.goBack();
    await footer.getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('the FAQ has six questions that open and close', async ({ page }) => {
    await openLanding(page);
    const faq = page.locator('#faq');
    await expect(faq.locator('summary')).toHaveCount(6);
    const question = faq.getByText('Quais arquivos posso usar para ensinar o agente?');
    await question.click();
    await expect(faq.getByText('PDF, TXT, CSV, DOC, DOCX, XLS e XLSX, com até 50 MB cada')).toBeVisible();
    await question.click();
    await expect(faq.getByText('PDF, TXT, CSV, DOC, DOCX, XLS e XLSX, com até 50 MB cada')).toBeHidden();
  });

  test('without a configured video, a poster holds its place', async ({ page }) => {
    await openLanding(page);
    const poster = page.getByText('Vídeo de apresentação em breve');
    await expect(poster).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('a configured video loads only when asked to play; offline, the poster says so', async ({ page }) => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    const videoRequests: string[] = [];
    await page.route('**/api/public-config', async (route) => {
      const config = await (await route.fetch()).json();
      await route.fulfill({ json: { ...config, videoUrl: embed } });
    });
    await page.context().route(
      (url) => url.hostname === 'www.youtube-nocookie.com',
      (route) => {
        videoRequests.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Vídeo</title>' });
      },
    );
    await openLanding(page);
    const play = page.getByRole('region', { name: 'Veja o Atende em ação' }).getByRole('button');
    await expect(play).toHaveAccessibleName(/Assista à apresentação/);
    expect(videoRequests).toEqual([]);

    await page.context().setOffline(true);
    await play.click();
    await expect(page.getByText('Sem conexão com a internet')).toBeVisible();
    await page.context().setOffline(false);

    await play.click();
    const player = page.locator('iframe[title="Vídeo de apresentação do Atende"]');
    await expect(player).toHaveAttribute('src', `${embed}?autoplay=1`);
    await expect.poll(() => videoRequests).toEqual([`${embed}?autoplay=1`]);
  });

  test("'Atendimento' opens the support agent's chat (400×600), which answers the Pro plan's price", async ({ page }) => {
    await openLanding(page);
    const launcher = page.getByRole('button', { name: 'Atendimento', exact: true });
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await launcher.click();
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');

    const dialog = page.getByRole('dialog', { name: 'Atendimento Atende' });
    await expect(dialog).toBeVisible();
    expect(await dialog.boundingBox()).toMatchObject({ width: 400, height: 600 });

    const chat = page.frameLocator(CHAT_FRAME);
    await expect(chat.getByRole('heading', { name: 'Atendimento Atende' })).toBeVisible();
    await chat.getByPlaceholder('Digite sua mensagem...').fill('quanto custa o plano Pro?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await expect(chat.getByRole('log')).toContainText(/R\$ ?289/);

    // Esc inside the chat closes it and gives the focus back; the conversation is still there when it reopens.
    await chat.getByPlaceholder('Digite sua mensagem...').press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();
    await launcher.click();
    await expect(chat.getByRole('log')).toContainText(/R\$ ?289/);
    await dialog.getByRole('button', { name: 'Fechar atendimento' }).click();
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();
  });
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  /**
   * Opens the hamburger menu and returns it. The landing page is served prerendered and the app replaces it once its
   * scripts have loaded (after a 'back' too): a click on the static copy does nothing, so it is made again until
   * the menu opens.
   */
  async function openMenu(page: Page) {
    const button = page.getByRole('button', { name: 'Abrir menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(async () => {
      if (await menu.isHidden()) await button.click({ timeout: 2_000 });
      await expect(menu).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
    return menu;
  }

  test('the hamburger menu: keyboard friendly, and every item works', async ({ page }) => {
    await fakeBlog(page);
    await openLanding(page);
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();

    // Focus moves into the menu; Esc closes it and returns the focus to the button.
    let menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Como Funciona' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();

    const howItWorks = page.getByRole('heading', { level: 2, name: 'Como Funciona' });
    await expect(howItWorks).not.toBeInViewport();
    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Como Funciona' }).click();
    await expect(menu).toBeHidden();
    await expect(howItWorks).toBeInViewport();

    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Perguntas frequentes' })).toBeInViewport();

    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Planos', exact: true }).click();
    await expect(page).toHaveURL(/\/plans$/);

    await page.goBack();
    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Tutoriais' }).click();
    await expect(page).toHaveURL(`https://${BLOG_HOST}/`);

    await page.goBack();
    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the support chat fills the screen', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'Atendimento', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Atendimento Atende' });
    await expect(page.frameLocator(CHAT_FRAME).getByRole('heading', { name: 'Atendimento Atende' })).toBeVisible();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
    await dialog.getByRole('button', { name: 'Fechar atendimento' }).click();
    await expect(dialog).toBeHidden();
  });

  test('no horizontal scrolling at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openLanding(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

for (const path of ['/terms', '/privacy']) {
  test(`${path} links back home`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  });
}

/** Every public page: pt-BR, its own title, a description and Open Graph tags; no serious accessibility violation. */
const publicPages: Array<{ path: string | ((page: Page) => Promise<string>); title: RegExp; ready: (page: Page) => Promise<void> }> = [
  { path: '/', title: /^Atende — /, ready: (page) => expect(page.getByRole('button', { name: 'Atendimento', exact: true })).toBeVisible() },
  { path: '/plans', title: /^Planos — Atende$/, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Planos' })).toBeVisible() },
  { path: '/login', title: /^Entrar — Atende$/, ready: (page) => expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible() },
  { path: '/register', title: /^Criar conta — Atende$/, ready: (page) => expect(page.getByRole('button', { name: 'Cadastrar' })).toBeVisible() },
  { path: '/terms', title: /^Termos de Uso — Atende$/, ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/privacy', title: /^Política de Privacidade — Atende$/, ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    path: async (page) => `/public-chat/${await supportWebhookId(page)}`,
    title: /^Atendimento Atende — Atende$/,
    ready: (page) => expect(page.getByPlaceholder('Digite sua mensagem...')).toBeVisible(),
  },
];

for (const { path, title, ready } of publicPages) {
  const name = typeof path === 'string' ? path : '/public-chat/{support agent}';
  test(`${name}: pt-BR, title, description and Open Graph tags; no serious or critical axe violation`, async ({ page }) => {
    await page.goto(typeof path === 'string' ? path : await path(page));
    await ready(page);

    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page).toHaveTitle(title);
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
    expect((await meta('name="description"'))?.length).toBeGreaterThan(30);
    expect(await meta('property="og:title"')).toBe(await page.title());
    expect(await meta('property="og:description"')).toBe(await meta('name="description"'));
    expect(await meta('property="og:locale"')).toBe('pt_BR');

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
