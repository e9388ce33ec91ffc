import { describe, expect, it, vi } from 'vitest';
import { families } from '@mm/rules';

// A room link paints without zod (issue 12: ≤ 90 KB before first paint), so the web app's room
// page imports only these schema-free entries of the rules (each registered family's too) and
// the protocol (an ESLint rule keeps it so). All are checked here, where the protocol sees the
// rules and zod alike.
const entries = [
  { name: '@mm/rules', pure: () => import('@mm/rules/pure'), main: () => import('@mm/rules') },
  ...Object.keys(families()).map((id) => ({
    name: `@mm/rules/families/${id}`,
    pure: () => import(`@mm/rules/families/${id}/pure`),
    main: () => import(`@mm/rules/families/${id}`),
  })),
  { name: '@mm/protocol', pure: () => import('./pure'), main: () => import('./index') },
];

describe.each(entries)('$name/pure', ({ pure, main }) => {
  it('loads without zod', async () => {
    // afresh: a module another test loaded with zod must not be taken from the cache
    vi.resetModules();
    vi.doMock('zod', () => {
      throw new Error('zod was loaded');
    });
    try {
      await expect(pure()).resolves.toBeTypeOf('object');
    } finally {
      vi.doUnmock('zod');
    }
  });

  it('offers the very values of the main entry', async () => {
    const values: Record<string, unknown> = await pure();
    const all: Record<string, unknown> = await main();
    expect(Object.keys(values).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(values)) expect(all[name], name).toBe(value);
  });
});
