// `npm start`: install, build, then serve the app (embedded database unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { pnpm } from './pnpm.mjs';

pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
pnpm(['--filter', '@mm/web', 'build']);
pnpm(['--filter', '@mm/server', 'build']);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
