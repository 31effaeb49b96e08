import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  customerErasedSchema,
  customerErasureListSchema,
  customerExportSchema,
  customerListSchema,
  customerRefSchema,
  customerSearchSchema,
} from '@atende/shared';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/guard';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';
import type { AppEnv } from '../http/context';
import { errorResponses, jsonBody, jsonResponse, named, sessionSecurity } from '../http/openapi';
import { eraseCustomer, exportCustomer, findCustomers, listErasures } from './customers';

const CustomerRef = named(customerRefSchema, 'CustomerRef');

const routes = {
  search: createRoute({
    method: 'get',
    path: '/api/customers',
    tags: ['customers'],
    summary: "LGPD: a customer's conversations with any of the account's agents, by WhatsApp number or visitor label ('Visitante 3F9A2C')",
    security: sessionSecurity,
    request: { query: customerSearchSchema },
    responses: { 200: jsonResponse(named(customerListSchema, 'CustomerList'), 'Customers found'), ...errorResponses(400, 401) },
  }),
  export: createRoute({
    method: 'post',
    path: '/api/customers/export',
    tags: ['customers'],
    summary: "LGPD: every conversation of one customer (as the search labels them) with every message, as a JSON attachment",
    security: sessionSecurity,
    request: { body: jsonBody(CustomerRef) },
    responses: { 200: jsonResponse(named(customerExportSchema, 'CustomerExport'), 'The customer\'s data'), ...errorResponses(400, 401, 404) },
  }),
  erase: createRoute({
    method: 'post',
    path: '/api/customers/erase',
    tags: ['customers'],
    summary:
      "LGPD: erase one customer's conversations and messages everywhere (usage and the Painel keep counts only); logged per agent without the content, the number masked",
    security: sessionSecurity,
    request: { body: jsonBody(CustomerRef) },
    responses: { 200: jsonResponse(named(customerErasedSchema, 'CustomerErased'), 'What was erased'), ...errorResponses(400, 401, 404) },
  }),
  erasures: createRoute({
    method: 'get',
    path: '/api/customers/erasures',
    tags: ['customers'],
    summary: 'LGPD: the log of erased customers (no content), newest first',
    security: sessionSecurity,
    responses: { 200: jsonResponse(named(customerErasureListSchema, 'CustomerErasureList'), 'Erasures'), ...errorResponses(401) },
  }),
};

/** 'Dados de clientes (LGPD)': find, export and erase a customer's data. */
export function customerRoutes(deps: { db: Db; auth: Auth; notifier: Notifier }) {
  const { db, auth, notifier } = deps;
  const app = new OpenAPIHono<AppEnv>();
  app.use('/api/customers', requireAuth(auth));
  app.use('/api/customers/*', requireAuth(auth));

  return app
    .openapi(routes.search, async (c) => c.json({ customers: await findCustomers(db, c.var.auth.user.id, c.req.valid('query').q) }, 200))
    .openapi(routes.erasures, async (c) => c.json({ erasures: await listErasures(db, c.var.auth.user.id) }, 200))
    .openapi(routes.export, async (c) => {
      const data = await exportCustomer(db, c.var.auth.user.id, c.req.valid('json'));
      const name = data.customerLabel.replace(/[^0-9A-Za-z]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
      c.header('content-disposition', `attachment; filename="cliente-${name}.json"`);
      c.header('cache-control', 'no-store');
      return c.json(data, 200);
    })
    .openapi(routes.erase, async (c) => c.json(await eraseCustomer(db, c.var.auth.user.id, c.req.valid('json'), notifier), 200));
}
