/**
 * The node's own texts stay short enough to read in the editor's small panel: no description,
 * hint or placeholder over 300 characters, in any field, option or nested collection, and the
 * node's and credential's descriptions too.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { MediaGenerationApi } from '../../../credentials/MediaGenerationApi.credentials';
import { MediaGeneration } from '../../../nodes/MediaGeneration/MediaGeneration.node';

const LIMIT = 300;
type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every text a user reads in the editor, with the path of the field it belongs to. */
function texts(entries: readonly Entry[], at: string): Array<[string, string]> {
	const found: Array<[string, string]> = [];
	for (const entry of entries) {
		const name = `${at}/${'name' in entry ? entry.name : ''}`;
		for (const key of ['description', 'hint', 'placeholder', 'action'] as const) {
			const text = (entry as unknown as Record<string, unknown>)[key];
			if (typeof text === 'string') found.push([`${name} ${key}`, text]);
		}
		const nested = [
			...(('options' in entry && Array.isArray(entry.options) ? entry.options : []) as Entry[]),
			...(('values' in entry && Array.isArray(entry.values) ? entry.values : []) as Entry[]),
			...(('modes' in entry && Array.isArray(entry.modes) ? entry.modes : []) as Entry[]),
		];
		found.push(...texts(nested, name));
	}
	return found;
}

const node = new MediaGeneration().description;
const all = [
	['node description', node.description],
	...texts(node.properties, 'node'),
	...texts(new MediaGenerationApi().properties, 'credential'),
] as Array<[string, string]>;

test('the walk reaches nested fields (Options of a generate, the modes of the model picker)', () => {
	expect(all.length).toBeGreaterThan(100);
	expect(all.some(([where]) => /\/options\/maxCredits description$/.test(where))).toBe(true);
	expect(all.some(([where]) => /\/model\/id placeholder$/.test(where))).toBe(true);
});

test(`no description, hint or placeholder is over ${LIMIT} characters`, () => {
	const over = all
		.filter(([, text]) => text.length > LIMIT)
		.map(([where, text]) => `${where} (${text.length})`);
	expect(over).toEqual([]);
});
