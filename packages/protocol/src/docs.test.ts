import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderProtocolDoc } from './docs';

const docPath = fileURLToPath(new URL('../../../docs/protocol.md', import.meta.url));

describe('docs/protocol.md', () => {
  it('is exactly what the schemas render (run `pnpm --filter @mm/protocol docs` after a change)', () => {
    const rendered = renderProtocolDoc();
    if (process.env.UPDATE_DOCS) writeFileSync(docPath, rendered);
    expect(readFileSync(docPath, 'utf8')).toBe(rendered);
  });
});
