export * from './errors';
export * from './fairness';
export * from './http';
export * from './socket';
