import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isBinaryValue } from 'n8n-workflow';

import { InputError } from '../validation/inputError';

/**
 * How a workflow names its items' files. A workflow on execution logic v2 (n8n 2.x's workflow
 * setting `binaryMode: 'combined'`) has n8n move every stored file into the item's JSON under
 * `_files` after each node, and a binary field is then named by its path (`_files.data`), as n8n's
 * own assertBinaryData reads it. Other workflows, and every workflow on n8n 1.x (which has no such
 * setting), name a file by its key in item.binary. Both values are spelled out because
 * n8n-workflow 1.x does not export them (BINARY_MODE_COMBINED, BINARY_IN_JSON_PROPERTY).
 */
const V2_BINARY_MODE = 'combined';
const FILES_PROPERTY = '_files';

/** How deep into an item's JSON files are looked for when listing them (`_files.data` is 2). */
const LISTING_DEPTH = 4;

function filesInJson(ctx: IExecuteFunctions): boolean {
	return ctx.getWorkflowSettings().binaryMode === V2_BINARY_MODE;
}

/** Paths of the files in a JSON value, as lodash paths (`_files.data`, `photos[0]`). */
function filePaths(value: unknown, path: string, depth: number): string[] {
	if (path && isBinaryValue(value)) return [path];
	if (depth === 0 || typeof value !== 'object' || value === null) return [];
	const entries = Array.isArray(value)
		? value.map((v, i): [string, unknown] => [`${path}[${i}]`, v])
		: Object.entries(value).map(([k, v]): [string, unknown] => [path ? `${path}.${k}` : k, v]);
	return entries.flatMap(([p, v]) => filePaths(v, p, depth - 1));
}

/**
 * The binary fields of an input item, in the form a user gives them in this workflow: paths into
 * the JSON on execution logic v2 (and the names of any files n8n left in item.binary, as it does
 * in its in-memory mode), names otherwise.
 */
export function binaryFieldNames(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const item = ctx.getInputData()[itemIndex];
	const names = Object.keys(item?.binary ?? {});
	if (!filesInJson(ctx)) return names;
	return [...filePaths(item?.json, '', LISTING_DEPTH), ...names];
}

/**
 * A binary field of an input item, found as n8n's own nodes find it (assertBinaryData: by path in
 * a v2 workflow, by name otherwise), or a file n8n left in item.binary in a v2 workflow (its
 * in-memory mode moves nothing). A field not found fails the item, naming the fields it has.
 * `label` names the node's field in the error.
 */
export function inputBinaryField(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	label: string,
): IBinaryData {
	let found: IBinaryData | undefined;
	try {
		found = ctx.helpers.assertBinaryData(itemIndex, field);
	} catch {
		// n8n's own lookup found nothing there
		found = ctx.getInputData()[itemIndex]?.binary?.[field];
	}
	if (found) return found;
	const present = binaryFieldNames(ctx, itemIndex);
	throw new InputError(
		`${label}: the input item has no binary field "${field}"; it has: ${present.length ? present.join(', ') : 'no binary data'}`,
	);
}

/**
 * An input item's JSON to carry into an output item, without the input's files that n8n keeps
 * there in a v2 workflow: an output item carries its own files only, as in other workflows,
 * where an input's item.binary is not carried either.
 */
export function withoutInputFiles(ctx: IExecuteFunctions, json: IDataObject): IDataObject {
	if (!filesInJson(ctx) || !(FILES_PROPERTY in json)) return json;
	const rest = { ...json };
	delete rest[FILES_PROPERTY];
	return rest;
}
