// Reactions: a closed set of presets, never free text, so nothing a person types reaches the others.
// Plain values only (no zod): the room page reads them before first paint (`@mm/protocol/pure`).

/** The presets a seated player or a watcher may send (`room:react`); each client shows them in its own language. */
export const REACTION_PRESETS = ['clap', 'wow', 'thinking', 'phew', 'nice', 'good-game', 'hurry-up', 'rematch'] as const;
export type ReactionPreset = (typeof REACTION_PRESETS)[number];

/** Who reacted: a seat's number, or 'watcher' for any watcher (the others learn nothing more of who). */
export type ReactionSender = number | 'watcher';
