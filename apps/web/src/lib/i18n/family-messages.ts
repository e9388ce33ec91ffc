/**
 * Each family's English messages, by family id. A family adds its own entry from its folder
 * (families/<id>/messages/en.ts, by declaration merging), so that t() accepts its keys
 * without a central file naming the family or its keys.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- every member comes from a family's folder
export interface FamilyMessages {}

/** Every key a family's messages define. */
export type FamilyMessageKey = { [F in keyof FamilyMessages]: keyof FamilyMessages[F] }[keyof FamilyMessages];
