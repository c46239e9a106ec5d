'use strict';
/**
 * Which hostile values are fair for a field: a run that succeeded with one of these took a value
 * the field may hold, and must have sent it as given.
 */

/** Fields that hold free text: any short text (or a number, which reads as text) is fair. */
const FREE_TEXT = new Set([
	'prompt',
	'deliveryInstructions',
	'text',
	'fileName',
	'binaryPropertyName',
]);
/** Yes/no fields, and numbers where any finite value from 0 up is fair. */
const BOOLEAN = new Set(['waitForCompletion', 'downloadMedia', 'loop', 'dryRun', 'streamProgress']);
const ANY_AMOUNT = new Set(['maxCredits', 'maxRunCredits']);
/** Fields that take any JSON object, as an object or as its text (body fields the node lacks). */
const JSON_OBJECT = new Set(['additionalBodyFields']);
const isJsonObject = (value) => {
	let v = value;
	if (typeof value === 'string') {
		try {
			v = JSON.parse(value);
		} catch {
			return false;
		}
	}
	return v !== null && typeof v === 'object' && !Array.isArray(v);
};
const TEXT_LIMIT = 100_000;
/**
 * Ids of voices and music tracks: the service lists neither, so the node checks their form only
 * and the service judges the rest (its refusal, with no job made, is a fair answer).
 */
const NAMED_IDS = new Set(['voiceIds', 'voiceId', 'musicId']);
const namedIds = (value) => {
	const list = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(/[\n,]/)
			: [value];
	return list.every(
		(v) =>
			v === null ||
			(typeof v === 'string' && (v.trim() === '' || /^[\w.:-]{1,200}$/.test(v.trim()))),
	);
};

/** Whether a run that succeeded with this value took a fair value. */
function fairSuccess(field, value) {
	const name = field.path[field.path.length - 1];
	// nothing given (a list whose entries are all empty is empty): the field's default applies
	const blank = (v) => v === null || v === '';
	if (blank(value) || (Array.isArray(value) && value.every(blank))) return true;
	if (NAMED_IDS.has(name)) return namedIds(value);
	if (BOOLEAN.has(name)) return typeof value === 'boolean';
	if (JSON_OBJECT.has(name)) return isJsonObject(value);
	if (ANY_AMOUNT.has(name))
		return Number.isFinite(Number(value)) && Number(value) >= 0 && typeof value !== 'boolean';
	if (!FREE_TEXT.has(name)) return false;
	// an output field must be named: an input field (Upload) must exist, which none of these do
	if (field.resource === 'upload') return false;
	if (typeof value === 'number') return Number.isFinite(value);
	// @Image N means something in an image prompt, @Image N and @Video N in a video prompt
	const tags = { image: /@Image\s*\d/i, video: /@(Image|Video)\s*\d/i }[field.resource];
	const refersToInputs = name === 'prompt' && tags !== undefined && tags.test(value);
	return (
		typeof value === 'string' &&
		value.length <= TEXT_LIMIT &&
		value.trim() !== '' &&
		!refersToInputs
	);
}

module.exports = { fairSuccess, NAMED_IDS, namedIds };
