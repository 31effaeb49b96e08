import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { accountInsightsSchema, INSIGHT_DAYS_MAX, insightSettingsSchema, insightsSchema } from '@atende/shared';
import { getOwnedAgent } from '../agents/service';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/guard';
import type { Db } from '../db/client';
import type { AppEnv } from '../http/context';
import { errorResponses, IdParams, jsonBody, jsonResponse, named, sessionSecurity } from '../http/openapi';
import { AppError } from '../lib/errors';
import { addDays, isCalendarDay, localDay } from './calendar';
import { exportConversationsCsv } from './export';
import { accountInsights, agentInsights } from './insights';
import { setWeeklySummary, weeklySummaryEnabled } from './weekly';

const InsightsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1, 'Escolha um período de pelo menos 1 dia')
    .max(INSIGHT_DAYS_MAX, `Escolha um período de até ${INSIGHT_DAYS_MAX} dias`)
    .default(30)
    .openapi({ description: `The period, in days up to today (1–${INSIGHT_DAYS_MAX}, São Paulo time)`, example: 30 }),
});

/** An export day that matches YYYY-MM-DD but is not in the calendar (2026-02-30): docs/product.md §7. */
const DAY_MISSING = 'Essa data não existe.';

/** The longest period one export covers. */
export const EXPORT_DAYS_MAX = 366;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a data no formato AAAA-MM-DD');
const ExportQuery = z.object({
  format: z.enum(['csv']).default('csv').openapi({ description: 'Only CSV for now' }),
  from: day.optional().openapi({ description: 'First day (YYYY-MM-DD, São Paulo); default: 29 days before `to`', example: '2026-11-01' }),
  to: day.optional().openapi({ description: 'Last day, included (YYYY-MM-DD, São Paulo); default: today', example: '2026-11-30' }),
});

const routes = {
  insights: createRoute({
    method: 'get',
    path: '/api/agents/{id}/insights',
    tags: ['insights'],
    summary:
      "The agent's Painel: conversations and messages per day and channel, peak hours, answered / unanswered / handed-off shares, average answer time, the month's quota use and projection, and the unanswered questions grouped by paraphrase",
    security: sessionSecurity,
    request: { params: IdParams, query: InsightsQuery },
    responses: { 200: jsonResponse(named(insightsSchema, 'Insights'), 'Insights'), ...errorResponses(400, 401, 404) },
  }),
  export: createRoute({
    method: 'get',
    path: '/api/agents/{id}/conversations/export',
    tags: ['insights'],
    summary:
      "The agent's customer conversations of a period as CSV (UTF-8 with BOM, ';'-separated): one row per message — date and time (São Paulo), channel, customer label, author, text, conversation id. Cells a spreadsheet would run as formulas start with an apostrophe",
    security: sessionSecurity,
    request: { params: IdParams, query: ExportQuery },
    responses: {
      200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(400, 401, 404),
    },
  }),
  account: createRoute({
    method: 'get',
    path: '/api/insights',
    tags: ['insights'],
    summary: "The account's Painel: every agent together (the same series as an agent's), each agent's share, and every agent's unanswered questions",
    security: sessionSecurity,
    request: { query: InsightsQuery },
    responses: { 200: jsonResponse(named(accountInsightsSchema, 'AccountInsights'), 'Account insights'), ...errorResponses(400, 401) },
  }),
  settings: createRoute({
    method: 'get',
    path: '/api/insights/settings',
    tags: ['insights'],
    summary: "The account's Painel settings: whether the weekly summary e-mail is sent (on by default)",
    security: sessionSecurity,
    responses: { 200: jsonResponse(named(insightSettingsSchema, 'InsightSettings'), 'Settings'), ...errorResponses(401) },
  }),
  saveSettings: createRoute({
    method: 'put',
    path: '/api/insights/settings',
    tags: ['insights'],
    summary: 'Switch the weekly summary e-mail on or off',
    security: sessionSecurity,
    request: { body: jsonBody(insightSettingsSchema) },
    responses: { 200: jsonResponse(named(insightSettingsSchema, 'InsightSettings'), 'Settings'), ...errorResponses(400, 401) },
  }),
};

function exportPeriod(query: z.infer<typeof ExportQuery>): { from: string; to: string } {
  const to = query.to ?? localDay(new Date());
  const from = query.from ?? addDays(to, -29);
  const invalid = (userMessage: string, field: 'from' | 'to' = 'from') =>
    new AppError('VALIDATION_FAILED', 'Invalid export period', { userMessage, details: { [field]: [userMessage] } });
  // Round-trip, not Date.parse alone: that rolls 2026-02-30 over into 2 March.
  if (!isCalendarDay(from)) throw invalid(DAY_MISSING, 'from');
  if (!isCalendarDay(to)) throw invalid(DAY_MISSING, 'to');
  if (from > to) throw invalid('A data inicial deve ser antes da data final.');
  if (addDays(from, EXPORT_DAYS_MAX - 1) < to) throw invalid(`Exporte no máximo ${EXPORT_DAYS_MAX} dias de cada vez.`);
  return { from, to };
}

/** The Painel ('Painel' on the agent) and its exports. */
export function insightRoutes(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/agents/:id/insights', requireAuth(auth));
  app.use('/api/agents/:id/conversations/export', requireAuth(auth));
  app.use('/api/insights', requireAuth(auth));
  app.use('/api/insights/settings', requireAuth(auth));

  return app
    .openapi(routes.insights, async (c) => {
      const agent = await getOwnedAgent(db, c.var.auth.user.id, c.req.valid('param').id);
      const { days } = c.req.valid('query');
      return c.json(await agentInsights(db, { agentId: agent.id, agentName: agent.name, userId: agent.userId }, days), 200);
    })
    .openapi(routes.export, async (c) => {
      const agent = await getOwnedAgent(db, c.var.auth.user.id, c.req.valid('param').id);
      const { from, to } = exportPeriod(c.req.valid('query'));
      return c.body(exportConversationsCsv(db, agent.id, from, to), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="conversas-${from}-a-${to}.csv"`,
        'cache-control': 'no-store',
      });
    })
    .openapi(routes.account, async (c) => c.json(await accountInsights(db, c.var.auth.user.id, c.req.valid('query').days), 200))
    .openapi(routes.settings, async (c) => c.json({ weeklySummary: await weeklySummaryEnabled(db, c.var.auth.user.id) }, 200))
    .openapi(routes.saveSettings, async (c) => {
      const { weeklySummary } = c.req.valid('json');
      await setWeeklySummary(db, c.var.auth.user.id, weeklySummary);
      return c.json({ weeklySummary }, 200);
    });
}
