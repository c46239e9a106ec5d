import { InputError } from './inputError';
import { kindOf, readText, shown, TEXT_LIMIT } from './values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads a list field: a comma- or newline-separated string, or an array from an expression.
 * Empty entries are dropped; order is kept.
 */
export function parseList(value: unknown, fieldName = 'This field', numbers = true): string[] {
	const parts = Array.isArray(value)
		? value.map((v) => {
				if (v !== null && typeof v === 'object')
					throw new InputError(`${fieldName}: each entry must be text, not ${kindOf(v)}`);
				return readText(v, fieldName, 1000, numbers);
			})
		: readText(value, fieldName, TEXT_LIMIT, numbers).split(/[\n,]/);
	return parts.map((p) => p.trim()).filter(Boolean);
}

/** An ID list field whose entries must be ids the service issued (UUIDs). */
export function parseIdList(value: unknown, fieldName: string): string[] {
	const ids = parseList(value, fieldName, false);
	const bad = ids.find((id) => !UUID.test(id));
	if (bad !== undefined) {
		throw new InputError(
			`${fieldName}: "${shown(bad)}" is not an ID; expected ids like 3fa85f64-5717-4562-b3fc-2c963f66afa6, separated by commas`,
		);
	}
	return ids;
}

export function checkId(value: string, fieldName: string): string {
	return parseIdList(value, fieldName)[0] ?? '';
}
