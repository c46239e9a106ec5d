/**
 * The node's folders are layers, and every import points down: a layer may import itself and
 * the layers this table names, nothing above it. The contract (the service's vocabulary) is at
 * the bottom and imports nothing of the node; the node file at the top may import anything.
 */
import { filesUnder, readText, resolvePath } from './repoFiles';

const MAY_IMPORT: Record<string, string[]> = {
	'MediaGeneration.node.ts': ['actions', 'methods'],
	actions: ['engine', 'methods', 'transport', 'validation', 'contract'],
	engine: ['transport', 'validation', 'contract'],
	methods: ['transport', 'validation', 'contract'],
	transport: ['validation', 'contract'],
	validation: ['contract'],
	contract: [],
};

const NODE = 'nodes/MediaGeneration';

/** The relative modules a file imports: `import`, `import type`, `export … from`, bare `import '…'`. */
function relativeImports(source: string): string[] {
	const found = source.matchAll(
		/(?:^|\n)\s*(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)['"](\.[^'"]+)['"]/g,
	);
	return [...found].map((m) => m[1]);
}

/** The layer of a file of the node: its first folder, or its name at the top. */
const layerOf = (file: string) => file.slice(NODE.length + 1).split('/')[0];

function upwardImports(): string[] {
	const wrong: string[] = [];
	for (const file of filesUnder(NODE, '.ts')) {
		const from = layerOf(file);
		for (const spec of relativeImports(readText(file))) {
			const target = resolvePath(resolvePath(file, '..'), spec);
			if (!target.startsWith(`${NODE}/`)) continue; // not part of the node
			const to = layerOf(target);
			if (to !== from && !(MAY_IMPORT[from] ?? []).includes(to)) {
				wrong.push(
					`${file.slice(NODE.length + 1)} imports '${spec}': ${from} may import only ${MAY_IMPORT[from]?.join(', ') || 'itself'}`,
				);
			}
		}
	}
	return wrong;
}

test('the parser finds every form of relative import, and no package', () => {
	const source = [
		"import type { A } from '../contract/jobs';",
		"import {\n\tb,\n\ttype C,\n} from './b';",
		"export { d } from '../d';",
		"export * from './e';",
		"import './f';",
		"import { NodeApiError } from 'n8n-workflow';",
	].join('\n');
	expect(relativeImports(source)).toEqual(['../contract/jobs', './b', '../d', './e', './f']);
});

test('every file of the node is in a layer of the table', () => {
	const layers = new Set(filesUnder(NODE, '.ts').map(layerOf));
	expect([...layers].filter((layer) => !(layer in MAY_IMPORT))).toEqual([]);
	expect(layers.size).toBe(Object.keys(MAY_IMPORT).length);
});

test('no import runs up a layer', () => {
	expect(upwardImports()).toEqual([]);
});

test('the contract imports nothing of the node, only n8n-workflow', () => {
	const imports = filesUnder(`${NODE}/contract`, '.ts').flatMap((file) =>
		[...readText(file).matchAll(/\bfrom\s*['"]([^'"]+)['"]/g)].map((m) => m[1]),
	);
	expect(imports.filter((spec) => spec !== 'n8n-workflow' && !spec.startsWith('./'))).toEqual([]);
});
