/** What the duties log through (pino's shape, as Fastify's logger has it). */
export interface Logger {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** What a part that only warns needs of it (tests hand in a bare `{ warn }`). */
export type WarnLogger = Pick<Logger, 'warn'>;
