'use strict';
/** Errors the fake service answers with: 422 in the validation body of spec 2.10, others as {detail}. */
class HttpError extends Error {
	constructor(status, detail, headers = {}) {
		super(typeof detail === 'string' ? detail : JSON.stringify(detail));
		this.status = status;
		this.detail = detail;
		this.headers = headers;
	}
}

/** Collects 422 items, pydantic-style: {loc, msg, type}. */
class Problems {
	constructor() {
		this.items = [];
	}
	add(loc, msg, type) {
		this.items.push({ loc: ['body', ...loc], msg, type });
	}
	throwIfAny() {
		if (this.items.length) throw new HttpError(422, this.items);
	}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Field checks shared by the create endpoints. Each returns the value or records a problem. */
function requireString(p, body, field, { min = 0, required = true } = {}) {
	const v = body[field];
	if (v === undefined || v === null) {
		if (required) p.add([field], 'Field required', 'missing');
		return undefined;
	}
	if (typeof v !== 'string') return p.add([field], 'Input should be a valid string', 'string_type');
	if (v.length < min)
		return p.add([field], `String should have at least ${min} character`, 'string_too_short');
	return v;
}
function optionalEnum(p, body, field, allowed) {
	const v = body[field];
	if (v === undefined || v === null) return undefined;
	if (!allowed.includes(v)) {
		return p.add(
			[field],
			`Input should be ${allowed.map((a) => `'${a}'`).join(', ')}`,
			'literal_error',
		);
	}
	return v;
}
function optionalInt(p, body, field, min, max) {
	const v = body[field];
	if (v === undefined || v === null) return undefined;
	if (!Number.isInteger(v)) return p.add([field], 'Input should be a valid integer', 'int_type');
	if (v < min)
		return p.add([field], `Input should be greater than or equal to ${min}`, 'greater_than_equal');
	if (v > max)
		return p.add([field], `Input should be less than or equal to ${max}`, 'less_than_equal');
	return v;
}
function optionalUuid(p, body, field) {
	const v = body[field];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'string' || !UUID.test(v))
		return p.add([field], 'Input should be a valid UUID', 'uuid_parsing');
	return v.toLowerCase();
}
function optionalUuidList(p, body, field) {
	const v = body[field];
	if (v === undefined || v === null) return undefined;
	if (!Array.isArray(v)) return p.add([field], 'Input should be a valid list', 'list_type');
	let ok = true;
	v.forEach((id, i) => {
		if (typeof id !== 'string' || !UUID.test(id)) {
			p.add([field, String(i)], 'Input should be a valid UUID', 'uuid_parsing');
			ok = false;
		}
	});
	return ok ? v.map((id) => id.toLowerCase()) : undefined;
}

/** Highest N of every "@Image N" (or other tag) in a prompt. */
function highestReference(prompt, tag) {
	let max = 0;
	for (const m of String(prompt).matchAll(new RegExp(`@${tag}\\s*(\\d+)`, 'gi')))
		max = Math.max(max, Number(m[1]));
	return max;
}

module.exports = {
	HttpError,
	Problems,
	UUID,
	requireString,
	optionalEnum,
	optionalInt,
	optionalUuid,
	optionalUuidList,
	highestReference,
};
