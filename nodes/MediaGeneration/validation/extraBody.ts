import type { IDataObject } from 'n8n-workflow';

import { InputError } from './inputError';
import { kindOf } from './values';

export const EXTRA_BODY_LABEL = 'Additional Body Fields (JSON)';

/** The body fields a create sets from its form, each with the form field that sets it. */
export type OwnFields = Record<string, string>;

/** JSON text read, or why it could not be. */
function parseJson(text: string): { value: unknown } | { reason: string } {
	try {
		return { value: JSON.parse(text) as unknown };
	} catch (error) {
		return { reason: (error as Error).message };
	}
}

function asObject(value: unknown): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		if (!value.trim()) return {};
		const read = parseJson(value);
		if ('reason' in read) {
			throw new InputError(
				`${EXTRA_BODY_LABEL} is not valid JSON (${read.reason}); give an object such as {"seed": 42}`,
			);
		}
		parsed = read.value;
	}
	if (parsed === undefined) return {};
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new InputError(
			`${EXTRA_BODY_LABEL} must be a JSON object such as {"seed": 42}, not ${kindOf(parsed)}`,
		);
	}
	return parsed as IDataObject;
}

/**
 * Fields for the request body that the node does not know yet, checked before anything is sent:
 * a JSON object, none of whose fields is one the operation sets from its own form (set or left
 * empty: a field sent this way would bypass the node's checks and its credit estimate).
 */
export function readExtraBody(value: unknown, own: OwnFields): IDataObject {
	const extra = asObject(value);
	if (Object.prototype.hasOwnProperty.call(extra, '__proto__')) {
		throw new InputError(`${EXTRA_BODY_LABEL}: "__proto__" cannot be a field name`);
	}
	const clash = Object.keys(extra).filter((key) => Object.prototype.hasOwnProperty.call(own, key));
	if (clash.length) {
		const which = clash.map((key) => `"${key}" (set with ${own[key]})`).join(', ');
		throw new InputError(
			`${EXTRA_BODY_LABEL}: ${which} ${clash.length > 1 ? 'are' : 'is'} set by the node itself; remove ${clash.length > 1 ? 'them' : 'it'} from the JSON and use the node's field`,
		);
	}
	return extra;
}
