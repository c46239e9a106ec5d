/** Types of repoFiles.js: paths relative to the repository's root, '/' between folders. */
export function filesUnder(dir: string, ending?: string): string[];
export function readText(file: string): string;
export function exists(file: string): boolean;
export function resolvePath(from: string, to: string): string;
