// The bots' thinking and the players' hints, on a thread of its own: a strong bot at 6 holes and
// 10 colours weighs thousands of candidate codes per move, which on the event loop would hold every socket up.
// A job is one seat's own view (what a person in that seat is shown), never the hidden state.
import { setPriority } from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { getFamily } from '@mm/rules';
import { botAction, botRandomness, hintFor } from './play';
import type { SolverJob, SolverResult } from './solver-pool';

// Sockets first: on Linux a thread has its own nice value, so this lowers the solver's thread alone.
// With every core busy, the event loop (and the database) get the CPU, and a bot's move waits a
// little longer: a move is due after BOT_DELAY_MS anyway, and a person's acknowledgement is not.
// Nice 10 still gets about a tenth of a core against each busy thread at 0, so bots never starve.
const SOLVER_NICE = 10;
try {
  setPriority(SOLVER_NICE);
} catch {
  // not allowed here (some containers): the thread keeps the process's priority
}

parentPort?.on('message', (job: SolverJob) => {
  let result: SolverResult;
  try {
    const family = getFamily(job.familyId);
    if (!family) result = { id: job.id, unknownFamily: true };
    else if (job.kind === 'hint') result = { id: job.id, hint: hintFor(family, job.view, job.seat) };
    else {
      // Seeded by the main thread (which holds the match's seed and draws every fresh one).
      const random = botRandomness(job.seed, job.secretSeed);
      result = { id: job.id, action: botAction(family, job.view, job.seat, random, job.strength) ?? null, threadId };
    }
  } catch (err) {
    result = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(result);
});
