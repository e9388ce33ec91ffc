import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A built client in miniature: the shell's placeholders, one hashed asset with its precompressed copies, a service worker. */
export function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mm-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n<head>\n<meta name="description" content="x" />\n<!--mm:meta-->\n<title>Mastermind Table</title>\n</head>\n<body><div id="app"><h1><!--mm:heading--></h1><div aria-label="<!--mm:loading-->"></div></div><script type="module" src="/assets/app-abc123.js"></script></body>\n</html>\n`,
  );
  const js = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Mastermind Table"}\n');
  return dir;
}
