/** Types for the part of hostile.js that typed tests use. */
/** mulberry32: a tiny seeded generator, so that the random cases are the same on every run. */
export function seeded(seed: number): () => number;
