/**
 * Every file or folder path cited in a comment of the shipped code, in the README or in docs/
 * names something that exists: a path renamed or removed leaves its citations pointing nowhere.
 * A path may be relative to the citing file's folder or any folder above it, to the node's folder
 * or to docs/. A bare file name counts when a file of that name exists, as a page often names a
 * folder once and then its files. Generic paths (`<resource>/…`, `*.js`) and what a command writes
 * (the names .gitignore lists) are not checked.
 */
import { exists, filesUnder, readText, resolvePath } from './repoFiles';

const PLACES = ['nodes/MediaGeneration', 'docs'];

const FILE = /^[\w.@/-]+\.(ts|js|md|json|sh|mjs)$/;
const FOLDER = /^[\w.@-]+(\/[\w.@-]+)*\/$/;
/** Names that look like files but are not ours */
const NOT_PATHS = new Set(['Node.js']);

/** The path a token cites, if it cites one: punctuation around it dropped, generic ones skipped. */
function asPath(token: string): string | undefined {
	const t = token.replace(/^[`"'([]+|[`"',;:.!?)\]]+$/g, '');
	if (NOT_PATHS.has(t) || t.startsWith('/') || /[<*{$~]|:\/\//.test(t)) return undefined;
	return FILE.test(t) || FOLDER.test(t) ? t : undefined;
}

/** Paths cited in the comments of a TypeScript file. */
function citedInComments(source: string): string[] {
	const comments = source.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? [];
	return comments.flatMap((c) => c.split(/\s+/)).flatMap((t) => asPath(t) ?? []);
}

/** Paths cited in Markdown: link targets, and inline code that is a path alone. */
function citedInMarkdown(source: string): string[] {
	const prose = source.replace(/```[\s\S]*?```/g, '');
	const links = [...prose.matchAll(/\[[^\]]*\]\(([^)\s#]+)[^)]*\)/g)].map((m) => m[1]);
	const withoutLinks = prose.replace(/\[[^\]]*\]\([^)]*\)/g, '');
	const code = [...withoutLinks.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
	return [...links, ...code].flatMap((t) => asPath(t) ?? []);
}

const ignored = new Set(
	readText('.gitignore')
		.split('\n')
		.filter((line) => line && !line.includes('*')),
);
const fileNames = new Set(filesUnder('.').map((f) => f.split('/').pop()));

/** Whether a path cited by `citer` names something that exists. */
function found(path: string, citer: string): boolean {
	if (ignored.has(path.split('/')[0])) return true;
	if (!path.includes('/') && fileNames.has(path)) return true;
	const bases = [...PLACES];
	let dir = citer;
	do {
		dir = resolvePath(dir, '..');
		bases.push(dir);
	} while (dir !== '.');
	return bases.some((base) => exists(resolvePath(base, path)));
}

const citers = [
	...filesUnder('nodes', '.ts'),
	...filesUnder('credentials', '.ts'),
	'README.md',
	...filesUnder('docs', '.md'),
];
const citations = citers.flatMap((citer) => {
	const source = readText(citer);
	const paths = citer.endsWith('.md') ? citedInMarkdown(source) : citedInComments(source);
	return paths.map((path) => ({ citer, path }));
});

test('a path is read from backticks, links and comments; generic ones and URLs are not', () => {
	expect(
		citedInMarkdown('see `engine/plan/`, [the guide](docs/usage.md#wait) and `npm test`'),
	).toEqual(['docs/usage.md', 'engine/plan/']);
	expect(citedInMarkdown('`<resource>/<operation>.operation.ts` and `dist/**/*.js`')).toEqual([]);
	expect(citedInComments('// the gaps (see engine/plan/schedule.ts).\nconst a = 1;')).toEqual([
		'engine/plan/schedule.ts',
	]);
	expect(citedInComments('/** a Node.js stream, from https://x.io/a.js */')).toEqual([]);
});

test('a cited path that exists nowhere is caught', () => {
	const citer = 'nodes/MediaGeneration/actions/router.ts';
	expect(found('engine/plan/schedule.ts', citer)).toBe(true);
	expect(found('engine/schedule.ts', citer)).toBe(false);
	expect(found('docs/performance-history.md', citer)).toBe(false);
});

test('every file path cited in comments, the README and docs/ exists', () => {
	expect(citations.length).toBeGreaterThan(100);
	const stale = citations
		.filter(({ citer, path }) => !found(path, citer))
		.map(({ citer, path }) => `${citer} cites ${path}, which is nowhere`);
	expect(stale).toEqual([]);
});
