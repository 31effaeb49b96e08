// The lint config enforces the module boundaries (eslint.boundaries.js; docs/architecture.md, 'Boundaries'): proven here by running ESLint's
// Node API with the repository's own eslint.config.js on small fixtures placed where real code lives.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SERVER_COMPOSITION, SERVER_ORDER, SERVER_SRC } from '../eslint.boundaries.js';

// ESLint's first run loads the TypeScript parser and resolves the import graph: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
const created = [];

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
async function ruleIds(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

function writeFixture(file, code) {
  const full = path.join(root, file);
  fs.writeFileSync(full, code);
  created.push(full);
}

afterAll(() => {
  for (const file of created) fs.rmSync(file, { force: true });
});

describe('server module boundaries', () => {
  it('refuses an import from a module higher in the order (a folder loop in the making)', async () => {
    // chat imports agents (it runs an agent's turn), so agents importing chat would close a loop.
    const code = "import { runTurn } from '../chat/runtime';\nexport const turn = runTurn;\n";
    expect(await ruleIds(`${SERVER_SRC}/agents/fixture.ts`, code)).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(`${SERVER_SRC}/chat/fixture.ts`, "import { getOwnedAgent } from '../agents/service';\nexport const owned = getOwnedAgent;\n")).toEqual([]);
  });

  it('keeps the composition root out of every module', async () => {
    const code = "import { createServices } from '../services';\nexport const build = createServices;\n";
    expect(await ruleIds(`${SERVER_SRC}/knowledge/fixture.ts`, code)).toContain('import-x/no-restricted-paths');
  });

  it('lets only http/, the composition root and route files render errors', async () => {
    const code = "import { errorBody } from '../http/errors';\nexport const render = errorBody;\n";
    expect(await ruleIds(`${SERVER_SRC}/chat/fixture.ts`, code)).toContain('no-restricted-imports');
    expect(await ruleIds(`${SERVER_SRC}/chat/routes.ts`, code)).toEqual([]);
  });

  it('reaches the parsers only through their entry point', async () => {
    expect(await ruleIds(`${SERVER_SRC}/chat/fixture.ts`, "import { parseCsv } from '../knowledge/parsers/csv';\nexport const p = parseCsv;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(`${SERVER_SRC}/chat/fixture.ts`, "import { ParseError } from '../knowledge/parsers';\nexport const p = ParseError;\n")).toEqual([]);
  });

  it('places every folder and file of apps/server/src in the order or the composition root', () => {
    const placed = new Set([...SERVER_ORDER, ...SERVER_COMPOSITION]);
    const entries = fs
      .readdirSync(path.join(root, SERVER_SRC), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => e.name);
    expect(entries.filter((name) => !placed.has(name))).toEqual([]);
  });
});

describe('web feature boundaries', () => {
  it("refuses another feature's internals and accepts its index", async () => {
    const deep = "import { authClient } from '../auth/api/auth-client';\nexport const client = authClient;\n";
    expect(await ruleIds('apps/web/src/features/billing/fixture.ts', deep)).toContain('import-x/no-restricted-paths');
    const entry = "import { authClient } from '../auth';\nexport const client = authClient;\n";
    expect(await ruleIds('apps/web/src/features/billing/fixture.ts', entry)).toEqual([]);
  });

  it('imports only types from the server (the typed API client), never server code', async () => {
    const runtime = "import { createApp } from '../../../server/src/app';\nexport const app = createApp;\n";
    expect(await ruleIds('apps/web/src/lib/fixture.ts', runtime)).toContain('@typescript-eslint/no-restricted-imports');
    const typeOnly = "import type { App } from '../../../server/src/app';\nexport type Api = App;\n";
    expect(await ruleIds('apps/web/src/lib/fixture.ts', typeOnly)).toEqual([]);
  });

  it('keeps shared components free of features', async () => {
    const code = "import { ChatPanel } from '../../features/chat';\nexport const panel = ChatPanel;\n";
    expect(await ruleIds('apps/web/src/components/ui/fixture.ts', code)).toContain('import-x/no-restricted-paths');
  });
});

describe('import cycles', () => {
  it('fails two files that import each other, and passes them once the loop is cut', async () => {
    const a = `${SERVER_SRC}/lib/lint-fixture-cycle-a.ts`;
    const b = `${SERVER_SRC}/lib/lint-fixture-cycle-b.ts`;
    writeFixture(a, "import { b } from './lint-fixture-cycle-b';\nexport const a = () => b();\n");
    writeFixture(b, "import { a } from './lint-fixture-cycle-a';\nexport const b = (): unknown => a;\n");
    expect(await ruleIds(a, fs.readFileSync(path.join(root, a), 'utf8'))).toContain('import-x/no-cycle');

    writeFixture(b, 'export const b = (): unknown => 1;\n');
    const fresh = new ESLint({ cwd: root }); // the cycle check caches what each file imports
    const [result] = await fresh.lintText(fs.readFileSync(path.join(root, a), 'utf8'), { filePath: path.join(root, a) });
    expect(result.messages).toEqual([]);
  });
});
