export * from './types';
export { mm44, mm44Answer, mm44Boards, mm44Code, mm44Deal, mm44SeatCount } from './mm44';
export { mm44ViewSchema } from './view-schema';
export { mm44Presets } from './presets';
export { mm44Bot } from './bot';
