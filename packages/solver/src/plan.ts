import type { CodeRules } from '@mm/rules';
import type { PlanNode } from './exact';
import { PLANS, type ShippedPlan } from './generated/plans';
import type { Space } from './space';

/**
 * Plans are shipped as one pre-order string: a node is its guess as `pegs` digit
 * characters (base 36), then, if it has children, `(` followed by each child as one
 * score character (`A` + score) and the child node, then `)`. Parsing is positional,
 * so the digit and score alphabets may overlap.
 */
export function serialisePlan(space: Space, plan: PlanNode): string {
  const parts: string[] = [];
  const walk = (node: PlanNode): void => {
    parts.push(digitsString(space, node.guess));
    if (node.children.size === 0) return;
    parts.push('(');
    for (const score of [...node.children.keys()].sort((a, b) => a - b)) {
      parts.push(String.fromCharCode(65 + score));
      walk(node.children.get(score)!);
    }
    parts.push(')');
  };
  walk(plan);
  return parts.join('');
}

function digitsString(space: Space, code: number): string {
  let out = '';
  let x = code;
  for (let p = 0; p < space.pegs; p++) {
    out = (x % space.values).toString(36) + out;
    x = Math.floor(x / space.values);
  }
  return out;
}

export function parsePlan(space: Space, text: string): PlanNode {
  let at = 0;
  const node = (): PlanNode => {
    let guess = 0;
    for (let p = 0; p < space.pegs; p++) {
      const d = parseInt(text[at++] ?? '', 36);
      if (!(d >= 0 && d < space.values)) throw new Error(`bad plan text at ${at - 1}`);
      guess = guess * space.values + d;
    }
    const children = new Map<number, PlanNode>();
    if (text[at] === '(') {
      at++;
      while (text[at] !== ')') {
        if (at >= text.length) throw new Error('unterminated plan text');
        const score = text.charCodeAt(at++) - 65;
        children.set(score, node());
      }
      at++;
    }
    return { guess, children };
  };
  const root = node();
  if (at !== text.length) throw new Error(`trailing plan text at ${at}`);
  return root;
}

const sameRules = (a: CodeRules, b: CodeRules): boolean =>
  a.pegs === b.pegs && a.colours === b.colours && a.repeats === b.repeats && a.blanks === b.blanks;

const parsed = new Map<ShippedPlan, PlanNode>();

/** The shipped optimal plan for these rules, if there is one. */
export function shippedPlan(space: Space): { meta: ShippedPlan; plan: PlanNode } | null {
  const meta = PLANS.find((p) => sameRules(p.rules, space.rules));
  if (!meta) return null;
  let plan = parsed.get(meta);
  if (!plan) {
    plan = parsePlan(space, meta.plan);
    parsed.set(meta, plan);
  }
  return { meta, plan };
}
