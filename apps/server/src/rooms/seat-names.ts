import { cleanDisplayName, NAME_MAX_LENGTH, seatLetter } from '@mm/protocol';
import unhomoglyph from 'unhomoglyph';

/** Case folded: upper then lower case, so that ß and ss, ς and σ fold alike (as full case folding does). */
const fold = (s: string): string => s.toLocaleUpperCase('en').toLocaleLowerCase('en');

/**
 * The skeleton of UTS #39: NFD, each character replaced by its prototype in Unicode's
 * confusables.txt, NFD again ("Аnn" with a Cyrillic А → "Ann", "B0b" → "BOb", "m" → "rn"). The
 * prototypes are the `unhomoglyph` package's copy of confusables.txt (the server's only: 100 kB).
 */
const skeleton = (s: string): string => unhomoglyph(s.normalize('NFD')).normalize('NFD');

/**
 * What a seat name is compared by: two names look alike when they share one of these. A skeleton
 * keeps case, and case folding then undoes some of its work ("I" is drawn like "l", but folds to
 * "i"), so there are two: the skeleton of the folded skeleton ("Iris" and "lris" meet there, as do
 * "B0b" and "bob"), and the skeleton of the folded name ("Iris" and "iris" meet there). Both start
 * from the name cleaned as stored, compatibility forms folded (NFKC: ｆｕｌｌ-width, ligatures).
 */
export function seatNameKeys(name: string): string[] {
  const compatible = cleanDisplayName(name).normalize('NFKC');
  return [...new Set([skeleton(fold(skeleton(compatible))), skeleton(fold(compatible))])];
}

/**
 * The name a newly seated person shows: theirs, or — when another seat of the room already
 * shows a name that looks the same (seatNameKeys: case, invisible characters, compatibility forms
 * and confusable letters aside) — theirs with the first free number after it ("Ann 2").
 * Suffixing rather than refusing: two friends both called Ann still sit down at once, and
 * everyone tells them apart.
 */
export function distinctSeatName(name: string, others: readonly (string | null)[]): string {
  const taken = new Set(others.filter((n): n is string => n !== null).flatMap(seatNameKeys));
  const free = (candidate: string): boolean => !seatNameKeys(candidate).some((key) => taken.has(key));
  if (free(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${[...name]
      .slice(0, NAME_MAX_LENGTH - suffix.length)
      .join('')
      .trimEnd()}${suffix}`;
    if (free(candidate)) return candidate;
  }
}

/**
 * The name of a person who sat down without giving one (a room's creator who left the field
 * empty): "Player A" by the seat's letter. Data like any name (the same to every reader, as a
 * bot's "Bot B" is); its holder may give their own later.
 */
export const defaultSeatName = (seat: number): string => `Player ${seatLetter(seat)}`;
