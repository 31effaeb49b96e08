// `npm run dev`: the API with hot reload (tsx watch) on :3000 and the web app with HMR (Vite) on :5173.
import { spawn } from 'node:child_process';

// Node 24 LTS (package.json engines, ADR 0015).
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Atende needs Node.js 24 or newer; this is ${process.version}. See README (Requirements).`);
  process.exit(1);
}

const children = [
  spawn('npm', ['run', 'dev', '-w', '@atende/server'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npm', ['run', 'dev', '-w', '@atende/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
