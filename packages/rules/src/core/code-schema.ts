import { z } from 'zod';

// Apart from code.ts, whose checks a client runs before first paint without loading zod.

/** Shape only (bounded so that nothing huge is ever parsed); the rules check the rest. */
export const pegSchema = z.union([z.number().int().min(0).max(15), z.null()]);
export const codeSchema = z.array(pegSchema).min(1).max(8);
