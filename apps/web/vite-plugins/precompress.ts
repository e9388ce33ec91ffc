import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin, ResolvedConfig } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text
 * file of the build, once the bundle is written: the server then sends the smallest copy
 * the browser accepts without compressing anything per request (@fastify/static
 * `preCompressed`). Runs last, so files other plugins emit (a service worker) are included.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mm-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for (const file of await walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const body = await readFile(file);
          if (body.length < MIN_BYTES) continue;
          const [b, g] = await Promise.all([
            br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gz(body, { level: 9 }),
          ]);
          // a copy that is not smaller would only waste a lookup
          if (b.length < body.length) await writeFile(`${file}.br`, b);
          if (g.length < body.length) await writeFile(`${file}.gz`, g);
        }
      },
    },
  };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}
