/** Types of families.js for the TypeScript tests. */
import type { BatchSetting } from './simulatedService';

export type Family = {
	name: string;
	setting: (seed: number) => BatchSetting;
	cohort?: (i: number) => string;
};
export function families(): Family[];
export const eRuns: number[];
export const e3Runs: number[];
