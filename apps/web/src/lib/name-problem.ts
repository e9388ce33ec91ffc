import { NAME_MAX_LENGTH, NAME_MAX_MARKS, nameProblem, type NameProblem } from '@mm/protocol/pure';
import { t, type MessageKey } from './i18n/index.svelte';

const MESSAGES: Record<NameProblem, MessageKey> = {
  empty: 'room.nameRequired',
  'too-long': 'name.tooLong',
  hidden: 'name.hidden',
  marks: 'name.marks',
};

/**
 * What to tell someone about the name they typed, in their language, before it is sent: the
 * server refuses the same names (displayNameSchema), but only as a BAD_REQUEST. Null when it will do.
 */
export function nameProblemText(typed: string): string | null {
  const problem = nameProblem(typed);
  return problem === null ? null : t(MESSAGES[problem], { max: NAME_MAX_LENGTH, marks: NAME_MAX_MARKS });
}
