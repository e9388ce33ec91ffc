import type { BotDriver } from './bot-driver';
import type { DutyKind } from './duty';

/** A bot plays one of the seats of the room's unfinished match: it must move when its turn comes. */
export function botDuty(bots: BotDriver): DutyKind {
  return {
    name: 'bot',
    dueWhen: 'bot-seated',
    perform: (room) => bots.kick(room),
    owes: (room) => bots.owes(room),
  };
}
