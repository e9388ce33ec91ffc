/**
 * How the server answered a move: accepted, or refused with a translated message to show where
 * the move was made (null: the refusal is already shown elsewhere — the game moved on under the
 * move and the room page says so — so the draft is kept and nothing is said twice).
 */
export type MoveResult = { ok: true } | { ok: false; message: string | null };
