import type { Space } from './space';

/**
 * The relabellings of colours and holes that fix every guess played so far. They also
 * fix the set of consistent secrets, so two guesses one of them maps onto each other
 * split that set the same way and only one of each orbit needs looking at.
 *
 * Colours no guess has used yet are interchangeable: rather than list the (values − u)!
 * permutations among them, an image is canonicalised by renaming those colours, in order
 * of first appearance, to the smallest unused ones (which yields the least index among
 * all their images). Each element is a hole permutation plus the colour map it forces
 * on the used colours.
 */
export interface Symmetry {
  used: Uint8Array;
  /** per element: `pos[i]` is where hole i goes */
  pos: Int8Array[];
  /** per element: image of each used colour; −1 for colours not used yet */
  col: Int8Array[];
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) {
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  }
  return out;
}

/** The whole group: every hole permutation, and every colour permutation (implicitly). */
export function fullSymmetry(space: Space): Symmetry {
  const perms = permutations(space.pegs).sort((a, b) => a.join().localeCompare(b.join()));
  return {
    used: new Uint8Array(space.values),
    pos: perms.map((p) => Int8Array.from(p)),
    col: perms.map(() => new Int8Array(space.values).fill(-1)),
  };
}

export function digitsOf(space: Space, code: number, out: Int8Array = new Int8Array(space.pegs)): Int8Array {
  let x = code;
  for (let p = space.pegs - 1; p >= 0; p--) {
    out[p] = x % space.values;
    x = Math.floor(x / space.values);
  }
  return out;
}

/** The subgroup that also fixes `guess`. */
export function stabilise(space: Space, sym: Symmetry, guess: number): Symmetry {
  const g = digitsOf(space, guess);
  const used = Uint8Array.from(sym.used);
  for (const d of g) used[d] = 1;
  const pos: Int8Array[] = [];
  const col: Int8Array[] = [];
  sym.pos.forEach((pi, e) => {
    const sigma = Int8Array.from(sym.col[e]!);
    const taken = new Uint8Array(space.values);
    for (let v = 0; v < space.values; v++) if (sigma[v]! >= 0) taken[sigma[v]!] = 1;
    for (let i = 0; i < space.pegs; i++) {
      const a = g[i]!;
      const b = g[pi[i]!]!;
      if (sigma[a]! >= 0) {
        if (sigma[a] !== b) return;
      } else {
        // a colour new with this guess must go to a colour that is also new, one-to-one
        if (sym.used[b] || taken[b]) return;
        sigma[a] = b;
        taken[b] = 1;
      }
    }
    pos.push(pi);
    col.push(sigma);
  });
  return { used, pos, col };
}

/**
 * The least index of each orbit among `0 … size-1` under `sym`, ascending. With only the
 * identity and every colour used this is every code.
 */
export function orbitRepresentatives(space: Space, sym: Symmetry): Int32Array {
  const { pegs, values, size } = space;
  const reps: number[] = [];
  const x = new Int8Array(pegs);
  const y = new Int8Array(pegs);
  const rename = new Int8Array(values);
  const freeColours: number[] = [];
  for (let v = 0; v < values; v++) if (!sym.used[v]) freeColours.push(v);
  const imageIndex = (): number => {
    rename.fill(-1);
    let next = 0;
    let idx = 0;
    for (let i = 0; i < pegs; i++) {
      let d = y[i]!;
      if (!sym.used[d]) {
        if (rename[d] === -1) rename[d] = freeColours[next++]!;
        d = rename[d]!;
      }
      idx = idx * values + d;
    }
    return idx;
  };
  for (let c = 0; c < size; c++) {
    digitsOf(space, c, x);
    let rep = true;
    for (let e = 0; e < sym.pos.length && rep; e++) {
      const pi = sym.pos[e]!;
      const sigma = sym.col[e]!;
      for (let i = 0; i < pegs; i++) {
        const d = x[i]!;
        y[pi[i]!] = sym.used[d] ? sigma[d]! : d;
      }
      if (imageIndex() < c) rep = false;
    }
    if (rep) reps.push(c);
  }
  return Int32Array.from(reps);
}
