import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

const ROW = 'daily';

/**
 * The daily secret: `DAILY_SECRET` when set (nothing stored), else the one kept in the database,
 * made at the first start. Two processes starting together may both make one: the row's fixed
 * id keeps the first, and both read it back.
 */
export async function loadDailySecret(db: Database, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const { prisma } = db;
  const existing = await prisma.dailySecret.findUnique({ where: { id: ROW } });
  if (existing) return existing.secret;
  await prisma.dailySecret.createMany({ data: [{ id: ROW, secret: randomBytes(32).toString('hex') }], skipDuplicates: true });
  return (await prisma.dailySecret.findUniqueOrThrow({ where: { id: ROW } })).secret;
}
