export * from './errors';
export * from './fairness';
export * from './http';
export * from './ids';
export * from './payloads';
export * from './snapshot';
export * from './socket';
export * from './push';
