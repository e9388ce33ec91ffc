// The chaos run's flags (bench/chaos.ts lists them), its one seeded randomness and how it prints times.
import { createRng } from '@mm/rules';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
export const SEED = arg('seed', '1');
export const KILLS = Number(arg('kills', '10'));
export const TRIALS = Number(arg('trials', '20'));
export const STORM = Number(arg('storm', '2000'));
export const BOT_ROOMS = Number(arg('botrooms', '60'));
export const KINDS = arg('db', 'postgres,embedded').split(',') as ('embedded' | 'postgres')[];
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const FLOOD = Number(arg('flood', '1000'));
export const FLOOD_SEC = Number(arg('flood-sec', '20'));
/** which of the join flood's two runs: the per-address bounds as shipped, lifted, or both */
export const FLOOD_BOUNDS = new Set(arg('flood-bounds', 'shipped,lifted').split(','));
export const CROWD = Number(arg('crowd', '600'));
export const CROWD_SEC = Number(arg('crowd-sec', '20'));
export const ONLY = new Set(arg('only', 'botrooms,sweep,failover,storm,drain,flood,crowd,redis,pgfreeze').split(','));

const rng = createRng(`chaos-${SEED}`);
export const between = (lo: number, hi: number): number => lo + Math.floor(rng.next() * (hi - lo));
export const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return `n=${s.length} min=${s[0]} median=${at(0.5)} p95=${at(0.95)} max=${s.at(-1)} (ms)`;
};

export const FREEZE_SEC = Number(arg('freeze-sec', '20'));
/** rooms of each kind in the freeze: bots only (watched), turn timers (idle people), and scripted people's tables */
export const FREEZE_ROOMS = Number(arg('freeze-rooms', '4'));

export const percentiles = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): string => (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN).toFixed(1);
  return `n=${s.length} p50=${at(0.5)} p99=${at(0.99)} max=${(s.at(-1) ?? NaN).toFixed(1)} (ms)`;
};
