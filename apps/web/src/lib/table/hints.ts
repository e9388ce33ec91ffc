import type { HintReply } from '@mm/protocol';

/** What a hint's code is for: a guess (duel, rotation, Parker), an MM44 row, or an MM44 "Master Mind!" call. */
export type HintKind = NonNullable<HintReply['kind']>;

/** The kind of a hint reply; servers that send none mean a guess. */
export const hintKind = (reply: Pick<HintReply, 'kind'>): HintKind => reply.kind ?? 'guess';

/** The i18n keys of a hint's texts for its kind: the line before the code, the apply button, and after applying. */
export function hintTexts(kind: HintKind): {
  label: 'hint.try' | 'hint.row' | 'hint.call';
  apply: 'hint.apply' | 'hint.applyCall';
  applied: 'hint.applied' | 'hint.appliedCall';
} {
  if (kind === 'call') return { label: 'hint.call', apply: 'hint.applyCall', applied: 'hint.appliedCall' };
  return { label: kind === 'row' ? 'hint.row' : 'hint.try', apply: 'hint.apply', applied: 'hint.applied' };
}
