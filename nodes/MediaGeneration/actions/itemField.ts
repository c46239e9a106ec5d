import { isSafeObjectProperty, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { inToolMode } from './tool/toolMode';

/**
 * A parameter's value for one item, read the quick way when it is a field of the incoming item.
 *
 * The expression n8n's editor writes when a field of the input is dragged onto a parameter is
 * `{{ $json.name }}` (`{{ $json.a.b }}`, `{{ $json['a b'] }}` for nested fields and names with
 * spaces), and n8n gives it the value of that field of the item at this index of the node's input
 * (its `$json`). To give it, n8n builds its whole expression context for every expression of every
 * item, and parses each expression text the first time it meets it: on a fresh n8n 2.40 process,
 * the four such fields of an image item took 4 to 5 ms an item, and 70 to 90 ms for the first,
 * all spent before the first job can be created, since every item is checked before any is.
 * Here such a field is read from the item itself, which gives the same value. Anything else goes
 * to n8n as before: other expressions, a field that is missing or is not a string, number or
 * boolean (an object, a list, null), a name n8n's expressions refuse to read, and every
 * parameter as an agent's tool, whose parameters come from the agent.
 * n8n's own check of a field's value against its description (`validateType`) does not run on a
 * value read here: none of the fields read this way has one, and one that gets one must be read
 * through n8n.
 */
const ITEM_FIELD = /^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\['[^'\\]*'\]|\["[^"\\]*"\])+)\s*\}\}$/;
const STEP = /\.([A-Za-z_$][\w$]*)|\['([^'\\]*)'\]|\["([^"\\]*)"\]/g;

/** The path of `{{ $json… }}`, or undefined when the text is any other value or expression. */
export function itemFieldPath(raw: unknown): string[] | undefined {
	if (typeof raw !== 'string') return undefined;
	const match = ITEM_FIELD.exec(raw);
	if (!match) return undefined;
	const path: string[] = [];
	for (const step of match[1].matchAll(STEP)) {
		const name = step[1] ?? step[2] ?? step[3];
		// a name n8n's expressions refuse to read stays n8n's to refuse
		if (!isSafeObjectProperty(name)) return undefined;
		path.push(name);
	}
	return path;
}

/** The string, number or boolean at `path` in `json`, own fields only; undefined otherwise. */
export function fieldAt(json: unknown, path: string[]): string | number | boolean | undefined {
	let at: unknown = json;
	for (const name of path) {
		if (at === null || typeof at !== 'object' || !Object.hasOwn(at, name)) return undefined;
		at = (at as IDataObject)[name];
	}
	return typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean'
		? at
		: undefined;
}

/**
 * `ctx.getNodeParameter(name, itemIndex, fallback)`, with `{{ $json.field }}` read from the item.
 * `extractValue` as n8n's option: for the model's resource locator, whose modes (From List, By ID)
 * extract nothing, the value is the locator's value.
 */
export function readParameter(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options: { extractValue?: boolean } = {},
): unknown {
	if (!inToolMode(ctx)) {
		const raw: unknown = ctx.getNodeParameter(name, itemIndex, fallback, { rawExpressions: true });
		const locator = options.extractValue && isLocator(raw);
		const path = itemFieldPath(locator ? raw.value : raw);
		if (path) {
			const value = fieldAt(ctx.getInputData()[itemIndex]?.json, path);
			if (value !== undefined) return value;
		}
	}
	return ctx.getNodeParameter(name, itemIndex, fallback, options);
}

function isLocator(raw: unknown): raw is { value: unknown } {
	if (raw === null || typeof raw !== 'object') return false;
	const mode = (raw as IDataObject).mode;
	return (raw as IDataObject).__rl === true && (mode === 'list' || mode === 'id');
}
