// Runs the Playwright suite against the built app in Debian's Chromium.
// Without Chromium: fails in CI, and outside CI says so loudly and skips.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium}: end-to-end tests cannot run (apt-get install chromium).`;
  if (process.env.CI) {
    console.error(`\n✗ ${msg}\n`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(78)}\n!! ${msg}\n!! END-TO-END TESTS SKIPPED.\n${'!'.repeat(78)}\n`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
