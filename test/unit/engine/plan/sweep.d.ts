/** Types of sweep.js for the TypeScript tests. */
export const sweep: { seeds: number; everyNth: number };
