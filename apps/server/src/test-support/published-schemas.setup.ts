import { afterEach, expect } from 'vitest';
import { offSchema } from './published-schemas';

// Every payload a test socket received and every /api reply must fit the schemas docs/protocol.md
// publishes: the document is then enough to write a client, and it cannot drift from the server.
afterEach(() => {
  const found = offSchema.splice(0);
  expect(found).toEqual([]);
});
