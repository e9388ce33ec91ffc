// How every package's tests share workers, written once for their vitest configs.

/**
 * Two vitest projects over `include`: the files run in workers that keep the modules they imported
 * from file to file (importing zod, the rules, Prisma… afresh for every file was most of the tests'
 * CPU), except `isolated`, files that change what a later file would see through shared modules (a
 * family registered, modules reloaded with one mocked away): each of those gets a fresh worker.
 * @param {{ include: string[], isolated: string[] }} files
 */
export function keepImportsExcept({ include, isolated }) {
  // vitest's types want `extends: true`, not the boolean a plain literal widens to.
  const extend = /** @type {true} */ (true);
  return [
    { extends: extend, test: { name: 'shared', include, exclude: isolated, isolate: false } },
    { extends: extend, test: { name: 'isolated', include: isolated, isolate: true } },
  ];
}
