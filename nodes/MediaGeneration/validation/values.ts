import { InputError } from './inputError';

/** The longest text a field takes: far above any real prompt or script, far below a runaway value. */
export const TEXT_LIMIT = 100_000;

/** A value as an error message may show it: short, on one line, never "[object Object]". */
export function shown(value: unknown): string {
	let text: string;
	if (typeof value === 'string') text = value;
	else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
	else if (value === null || value === undefined) text = String(value);
	else {
		try {
			text = JSON.stringify(value) ?? typeof value;
		} catch {
			text = typeof value;
		}
	}
	const cut = text.length > 60 ? `${text.slice(0, 57)}…` : text;
	// control characters and direction marks are shown as \uXXXX, so a message stays readable
	let out = '';
	for (const c of cut) {
		const code = c.charCodeAt(0);
		const hidden =
			code < 0x20 ||
			(code >= 0x7f && code <= 0x9f) ||
			code === 0x2028 ||
			code === 0x2029 ||
			(code >= 0x202a && code <= 0x202e);
		out += hidden ? `\\u${code.toString(16).padStart(4, '0')}` : c;
	}
	return out;
}

/** What kind of value this is, in words, for "must be text, not …". */
export function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (value === null) return 'null';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
	return `the ${typeof value} ${shown(value)}`;
}

/**
 * A text field read from the node's parameters (an expression may give any value). Empty, null
 * and undefined read as ''. Finite numbers read as their digits; lists, objects, booleans, NaN
 * and Infinity are refused, as is text over TEXT_LIMIT characters.
 */
export function readText(
	value: unknown,
	label: string,
	limit = TEXT_LIMIT,
	numbers = true,
): string {
	if (value === undefined || value === null) return '';
	let text: string;
	if (typeof value === 'string') text = value;
	else if (numbers && typeof value === 'number' && Number.isFinite(value)) text = String(value);
	else throw new InputError(`${label} must be text, not ${kindOf(value)}`);
	if (text.length > limit) {
		throw new InputError(
			`${label} is ${text.length} characters long; at most ${limit} are allowed`,
		);
	}
	return text;
}

/** A choice (model, resolution, mode, …): short text, trimmed. */
export function readChoice(value: unknown, label: string): string {
	return readText(value, label, 200).trim();
}

/**
 * A number field: a finite number or text holding one. Empty, null and undefined give
 * `fallback`; anything else is refused with the field's name.
 */
export function readNumber(value: unknown, label: string, fallback: number): number {
	if (value === undefined || value === null || value === '') return fallback;
	const n =
		// Stryker disable next-line MethodExpression: Number() ignores the same white space trim() removes
		typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
	if (!Number.isFinite(n) || (typeof value === 'string' && !value.trim())) {
		throw new InputError(`${label} must be a number, not ${kindOf(value)}`);
	}
	return n;
}

/** A yes/no field: true or false (or their text); empty gives `fallback`. */
export function readBoolean(value: unknown, label: string, fallback: boolean): boolean {
	if (value === undefined || value === null || value === '') return fallback;
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	throw new InputError(`${label} must be true or false, not ${kindOf(value)}`);
}

/** An id field: text only (a number is not an id the service gives). */
export function readIdText(value: unknown, label: string): string {
	return readText(value, label, 200, false).trim();
}

/** An id the service gave for a voice or music track: letters, digits and . _ : - only. */
export function checkNamedId(value: string, label: string): string {
	if (!/^[\w.:-]{1,200}$/.test(value)) {
		throw new InputError(
			`${label}: "${shown(value)}" is not a valid id; ids hold letters, digits, ".", "_", ":" and "-" (for example voice-ava)`,
		);
	}
	return value;
}
