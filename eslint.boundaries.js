/**
 * The module boundaries of the codebase, as lint rules (docs/architecture.md, 'Boundaries'). eslint.config.js applies them; the test of
 * the lint config (scripts/lint-boundaries.test.ts) proves that a crossing import and an import cycle fail.
 *
 * Server (apps/server/src): modules in dependency order, lowest first. A module may import the modules before
 * it, never those after it, so folders cannot import each other in a loop. A new module gets its place here
 * (the test fails for a folder of apps/server/src that is not listed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

export const SERVER_SRC = 'apps/server/src';
export const SERVER_ORDER = [
  // Foundation: no product knowledge.
  'lib',
  'video-embed.ts',
  'config.ts',
  'logger.ts',
  'db',
  // Infrastructure.
  'jobs',
  'files',
  'mail',
  'http',
  // Product modules.
  'auth',
  'accounts',
  'usage',
  'agents',
  'appearance',
  'knowledge',
  'learning',
  'chat',
  'insights',
  'channels',
  'inbox',
  'billing',
  'support',
];
/** The composition root: builds and wires the modules; no module imports it. */
export const SERVER_COMPOSITION = ['health.ts', 'public-config.ts', 'services.ts', 'app.ts', 'server.ts', 'main.ts'];

/** Modules whose insides are private: other modules import them only through the listed entry point. */
export const SERVER_ENTRY_POINTS = {
  'knowledge/parsers': 'index.ts',
  'channels/core': 'index.ts',
};

/** Web features (apps/web/src/features/<name>): another feature is imported only through its index.ts. */
export const WEB_FEATURES = 'apps/web/src/features';

const server = (p) => `./${SERVER_SRC}/${p}`;

/** Every entry of apps/server/src that is not `dir` nor inside it: the siblings of `dir` and of each of its parents. */
function outside(dir) {
  const parts = dir.split('/');
  return parts.flatMap((part, i) => {
    const parent = parts.slice(0, i).join('/');
    return fs
      .readdirSync(path.join(root, SERVER_SRC, parent))
      .filter((name) => name !== part)
      .map((name) => (parent ? `${parent}/${name}` : name));
  });
}

function serverZones() {
  const zones = SERVER_ORDER.map((name, i) => ({
    target: server(name),
    from: [...SERVER_ORDER.slice(i + 1), ...SERVER_COMPOSITION].map(server),
    message: `${name} sits below these modules (eslint.boundaries.js SERVER_ORDER): depend downwards only, or move the code.`,
  }));
  for (const [dir, entry] of Object.entries(SERVER_ENTRY_POINTS)) {
    zones.push({
      target: outside(dir).map(server),
      from: server(dir),
      except: [`./${entry}`],
      message: `Import ${dir} through its entry point ${dir}/${entry}.`,
    });
  }
  return zones;
}

function webZones() {
  const dir = path.join(root, WEB_FEATURES);
  const features = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];
  const zones = features.map((name) => ({
    target: `./${WEB_FEATURES}/${name}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'Import another feature only through its index.ts (its public entry point), never its internals.',
  }));
  zones.push(
    {
      target: ['./apps/web/src/components', './apps/web/src/lib'],
      from: ['./apps/web/src/features', './apps/web/src/app'],
      message: 'Shared building blocks (components/, lib/) never depend on features or on the app shell.',
    },
    { target: `./${WEB_FEATURES}`, from: './apps/web/src/app', message: 'Features never import the app shell (app/).' },
  );
  return zones;
}

export const boundaryZones = () => [...serverZones(), ...webZones()];

/**
 * Only http/ renders errors: outside http/, only the composition root and route files (which are HTTP
 * adapters) may import its rendering (errorBody, toAppError). Domain code throws AppError (lib/errors.ts).
 */
export const RENDERING_ALLOWED = [`${SERVER_SRC}/http/**`, `${SERVER_SRC}/app.ts`, `${SERVER_SRC}/**/routes.ts`, `${SERVER_SRC}/**/*-routes.ts`];
