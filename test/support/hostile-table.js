'use strict';
/**
 * The table of hostile input, run in process against the fake service: hostile input for every
 * field of every operation (the fields come from the node's own form):
 * wrong types, NaN, negative and huge numbers, 1 MB strings, control characters and unicode,
 * arrays where text belongs, deep junk JSON, @Image 999, ids that are not uuids, binary fields of
 * the wrong type or missing, and seeded random values. Each value reaches the node through an
 * expression, as it would from an upstream node. Each case must end, within seconds, either with
 * an error that names the field (never a TypeError or a crash) and no job created, or, where
 * the value is fair for the field, with a request that carries it faithfully.
 */
const { runner, binaryItem } = require('./media');
const { hostileValues, formFields, setPath } = require('./hostile');
const { fairSuccess, NAMED_IDS, namedIds } = require('./hostile-fair');
const { prepareIds, baseParams } = require('./hostile-params');

/** Set by runHostileTable: the fake service the table runs against. */
let ref;

const CREATE = /^POST \/(image|video|podcast)/;
const creates = () =>
	ref.svc.state.requests.filter((r) => CREATE.test(r.route ?? '') && !r.route.endsWith('/upload'));

const isBinaryField = (f) =>
	/Field(s)?$/.test(f.path[0]) || (f.resource === 'upload' && f.path[0] === 'binaryPropertyName');
const items = () => [binaryItem({ data: 'png', clip: 'mp4:2000' }, {})];

const CRASH =
	/TypeError|ReferenceError|RangeError|Cannot read|is not a function|is not iterable|undefined is not|Maximum call stack|\[object Object\]/;

/**
 * Every field gets every fixed value and `randomCount` random ones the first time it appears; a field that
 * several operations share through the same code (the Options, the job id) gets a seeded sample
 * of `repeatCount` values in the others, which keeps the run short (`firstCount` samples the
 * first appearance too, for a quicker run).
 */
function cases({ randomCount, repeatCount, firstCount = Infinity }) {
	const all = [];
	const seen = new Set();
	formFields().forEach((field, f) => {
		const key = `${field.resource === 'podcast' && field.path[0] === 'options' ? 'audio' : ''}${field.path.join('.')}`;
		let values = hostileValues(1000 + f, randomCount);
		const keep = seen.has(key) ? repeatCount : firstCount;
		if (keep < values.length) values = values.filter((_, i) => (i * 7 + f) % values.length < keep);
		seen.add(key);
		values.forEach(([what, value]) => all.push({ field, what, value }));
		if (isBinaryField(field)) {
			all.push({
				field,
				what: 'a binary field that holds a text file',
				value: 'text',
				binary: 'wrong type',
			});
			all.push({
				field,
				what: 'a binary field that is missing',
				value: 'absent',
				binary: 'missing',
			});
			all.push({
				field,
				what: 'a binary field that holds plain JSON',
				value: 'fake',
				binary: 'json',
			});
		}
	});
	return all;
}

async function runCase({ field, value, binary }, ids) {
	const params = baseParams(field, ids);
	if (field.path[0] === 'scriptJson') params.scriptSource = 'json';
	setPath(params, field.path, '={{ $json.v }}');
	const input = items();
	input[0].json.v = value;
	if (binary === 'wrong type')
		input[0].binary.text = {
			data: Buffer.from('just some text').toString('base64'),
			mimeType: 'image/png',
			fileName: 'text.png',
		};
	if (binary === 'json') input[0].json.fake = { data: 'not binary' };
	const run = runner(ref, field.resource);
	const before = creates().length;
	let timer;
	const result = await Promise.race([
		run(params, { operation: field.operation, items: input }),
		new Promise((resolve) => (timer = setTimeout(() => resolve({ hang: true }), 20_000))),
	]);
	clearTimeout(timer);
	return { result, created: creates().slice(before) };
}

const short = (v) => {
	const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
	return (text ?? String(v)).slice(0, 40);
};

/**
 * Runs the table against `service` (a started fake service); returns how many cases ran and the
 * problems found, each a line naming the operation, field, value and what went wrong.
 */
async function runHostileTable(service, options = { randomCount: 2, repeatCount: 5 }) {
	ref = { svc: service };
	const ids = await prepareIds(service);
	const all = cases(options);
	const problems = [];
	for (const c of all) {
		const { result, created } = await runCase(c, ids);
		const where = `${c.field.resource} ${c.field.operation}${c.field.mode ? ` (${c.field.mode})` : ''} ${c.field.path.join('.')} = ${c.what}`;
		if (result.hang) {
			problems.push(`${where}: no answer within 20 s`);
			continue;
		}
		const error = result.error;
		if (error) {
			const text = `${error.message}\n${error.description ?? ''}`;
			const labels = [c.field.label, c.field.parentLabel].filter(Boolean).map((l) =>
				l
					.replace(/\s*\(.*\)$/, '')
					.replace(/ (Name or ID|IDs?|Binary Fields?)$/, '')
					.toLowerCase(),
			);
			const refused =
				/no job was created$/.test(error.message) &&
				NAMED_IDS.has(c.field.path[c.field.path.length - 1]) &&
				namedIds(c.value);
			if (CRASH.test(text)) problems.push(`${where}: crash-like error: ${text.slice(0, 200)}`);
			else if (!refused && !labels.some((l) => text.toLowerCase().includes(l)))
				problems.push(`${where}: error does not name "${c.field.label}": ${text.slice(0, 200)}`);
			if (text.length > 2000) problems.push(`${where}: error of ${text.length} characters`);
			if (created.length && !refused)
				problems.push(`${where}: failed, yet ${created.length} create request(s) sent`);
		} else if (c.binary || !fairSuccess(c.field, c.value)) {
			problems.push(
				`${where}: accepted (${created.length} create request(s) sent), value ${short(c.value)}`,
			);
		} else {
			const body = JSON.stringify(created.map((r) => r.body));
			if (/\[object Object\]|NaN|Infinity|undefined/.test(body))
				problems.push(`${where}: sent ${body.slice(0, 200)}`);
		}
	}
	return { cases: all.length, problems };
}

module.exports = { runHostileTable };
