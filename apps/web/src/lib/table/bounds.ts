/**
 * The candidates of a room setting the protocol accepts: null ("off") always, a number only
 * within the protocol's bounds (`TURN_SECONDS`, `TAKEOVER_SECONDS`), which are written once there.
 */
export const boundedChoices = <C extends number | null>(candidates: readonly C[], bounds: { min: number; max: number }): C[] =>
  candidates.filter((c) => c === null || (c >= bounds.min && c <= bounds.max));
