// Generates the Prisma client from prisma/schema.prisma into src/generated/prisma
// (gitignored), offline, and skips the work when nothing it depends on changed so
// that `test`/`build` start fast.
//
// Usage: node scripts/prisma-generate.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const serverDir = resolve(here, '..');
const schemaPath = resolve(serverDir, '../../prisma/schema.prisma');
const outDir = join(serverDir, 'src/generated/prisma');
// The stamp lives inside the output folder, so deleting the folder forces a rebuild.
const stampPath = join(outDir, '.schema-stamp');

const require = createRequire(join(serverDir, 'package.json'));
const prismaPkgPath = require.resolve('prisma/package.json');
const prismaCli = join(dirname(prismaPkgPath), 'build/index.js');

function version(pkgJsonPath) {
  return JSON.parse(readFileSync(pkgJsonPath, 'utf8')).version;
}

// Anything that changes the generated code: the schema, the CLI that writes it and
// the runtime it is written for, and this script's own flags.
const stamp = createHash('sha256')
  .update(readFileSync(schemaPath))
  .update(`\0prisma@${version(prismaPkgPath)}`)
  .update(`\0client@${version(require.resolve('@prisma/client/package.json'))}`)
  .update(`\0${readFileSync(fileURLToPath(import.meta.url))}`)
  .digest('hex');

const force = process.argv.includes('--force');
if (
  !force &&
  existsSync(join(outDir, 'client.ts')) &&
  existsSync(stampPath) &&
  readFileSync(stampPath, 'utf8').trim() === stamp
) {
  process.exit(0);
}

const env = {
  ...process.env,
  // `generate` never runs the schema engine, but the CLI insists on finding one and
  // would otherwise try to download it; any existing file satisfies the check.
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: '1',
  // No telemetry or update check: the machine may have no route to prisma.io, and
  // waiting for that to time out would slow every start.
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  PRISMA_GENERATE_NO_HINTS: '1',
};

const r = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
  cwd: serverDir,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
  encoding: 'utf8',
});
if (r.status !== 0) {
  process.stdout.write(r.stdout ?? '');
  process.stderr.write(r.stderr ?? '');
  console.error(`prisma generate failed (exit ${r.status ?? r.signal})`);
  process.exit(r.status || 1);
}
writeFileSync(stampPath, `${stamp}\n`);
console.log(`prisma client generated into ${outDir}`);
