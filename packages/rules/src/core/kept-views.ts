/**
 * The view of one part of a state (a row, a round), worked out once and kept with that part. Apply
 * never changes a state in place (a changed part is a new object), so a part's view holds as long
 * as the part does: the views a room sends after each action then share the objects of what did
 * not change, which a delta passes over at a glance and which are not copied again. Views are
 * still copies of the state; being shared, none may be changed by whoever holds it.
 */
export function keptView<Part extends object, View>(kept: WeakMap<Part, View>, part: Part, make: (part: Part) => View): View {
  let view = kept.get(part);
  if (view === undefined) kept.set(part, (view = make(part)));
  return view;
}

const optionViews = new WeakMap<object, object>();

/**
 * The view of a match's options, one per options object: a state keeps its options from one action
 * to the next, so every view of the match shares this copy, which a delta passes over at a glance.
 */
export const keptOptions = <Options extends object>(options: Options): Options =>
  keptView(optionViews, options, (o) => ({ ...o })) as Options;
