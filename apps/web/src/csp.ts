// Imported first by main.ts: before any schema is built (zod probes when it builds one), so zod never probes for eval under the CSP.
import { parseWithoutEval } from '@mm/protocol/csp';

parseWithoutEval();
