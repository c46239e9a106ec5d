'use strict';
/**
 * The table of hostile input, run in process against the fake service: hostile input for every field of every operation (the fields come from the node's own form):
 * wrong types, NaN, negative and huge numbers, 1 MB strings, control characters and unicode,
 * arrays where text belongs, deep junk JSON, @Image 999, ids that are not uuids, binary fields of
 * the wrong type or missing, and seeded random values. Each value reaches the node through an
 * expression, as it would from an upstream node. Each case must end, within seconds, either with
 * an error that names the field (never a TypeError or a crash) and no job created, or, where
 * the value is fair for the field, with a request that carries it faithfully.
 */
const { api, waitForJob } = require('./fake');
const { runner, binaryItem } = require('./media');
const { hostileValues, formFields, setPath } = require('./hostile');

/** Set by useHostileTable: the test file's fake service. */
let ref;

const CREATE = /^POST \/(image|video|podcast)/;
const creates = () =>
	ref.svc.state.requests.filter((r) => CREATE.test(r.route ?? '') && !r.route.endsWith('/upload'));

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

let ids;
/** A finished job of a kind, for Get and Download. */
async function finishedJob(kind, path, body) {
	const r = await api(ref.svc, 'POST', path, { body });
	if (r.status !== 200) throw new Error(`could not create a ${kind} job: ${r.text}`);
	await waitForJob(ref.svc, kind, r.json.job_id);
	return r.json.job_id;
}

async function prepareIds() {
	const svc = ref.svc;
	ids = {
		image: svc.state.addImage('alice', { width: 1280, height: 720, source: 'upload' }),
		image2: svc.state.addImage('alice', { width: 1280, height: 720, source: 'upload' }),
		video: svc.state.addVideo('alice', {
			durationMs: 3000,
			width: 640,
			height: 360,
			source: 'upload',
		}),
		jobs: {
			image: await finishedJob('image', '/image', { prompt: 'A fox', model_id: 'sketch-lite' }),
			video: await finishedJob('video', '/video', {
				prompt: 'Waves',
				model_id: 'motion-fast',
				resolution: '480p',
				duration: 5,
			}),
			podcast: await finishedJob('podcast', '/podcast', { prompt: 'News' }),
		},
	};
}

/** Valid parameters for an operation (and video mode), to which one hostile field is added. */
function baseParams(field) {
	const { resource, operation, mode } = field;
	const quick = { waitForCompletion: false, options: { pollIntervalSeconds: 0.5 } };
	// the Options that matter while waiting are only read (and shown) with Wait for Completion on
	if (field.path[0] === 'options') quick.waitForCompletion = true;
	if (resource === 'image' && operation === 'generate')
		return { prompt: 'A fox', model: 'flux-pro', resolution: '720p', ...quick };
	if (resource === 'video' && operation === 'generate') {
		const video = {
			prompt: 'Waves',
			model: 'motion-fast',
			resolution: '480p',
			aspectRatio: '16:9',
			duration: 5,
			mode: mode ?? 'text',
			...quick,
		};
		if (mode === 'image') return { ...video, startFrameId: ids.image };
		if (mode === 'frames') return { ...video, startFrameId: ids.image, endFrameId: ids.image2 };
		if (mode === 'references')
			return { ...video, model: 'cinema-pro', resolution: '720p', referenceImageIds: ids.image };
		if (mode === 'video_to_video')
			return { ...video, model: 'restyle-v2v', resolution: '720p', sourceVideoId: ids.video };
		return video;
	}
	if (['get', 'download', 'check'].includes(operation)) return { jobId: ids.jobs[resource] };
	if (operation === 'generateFromPrompt')
		return { prompt: 'News in brief', voiceIds: 'voice-cleo', ...quick };
	if (operation === 'generateConversationFromPrompt')
		return { prompt: 'Two hosts on tea', voiceIds: 'voice-ava, voice-ben', ...quick };
	if (operation === 'generateFromScript' || operation === 'generateConversationFromScript') {
		return {
			scriptSource: 'form',
			segments: {
				segment: [
					{ text: 'Hello.', voiceId: 'voice-ava' },
					{ text: 'Hi.', voiceId: 'voice-ben' },
				],
			},
			...quick,
		};
	}
	if (resource === 'upload') return { binaryPropertyName: 'data' };
	if (operation === 'listVideoModels') return { modeFilter: '' };
	throw new Error(`no base for ${resource} ${operation}`);
}

const isBinaryField = (f) =>
	/Field(s)?$/.test(f.path[0]) || (f.resource === 'upload' && f.path[0] === 'binaryPropertyName');
const items = () => [binaryItem({ data: 'png', clip: 'mp4:2000' }, {})];

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

async function runCase({ field, value, binary }) {
	const params = baseParams(field);
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
	await prepareIds();
	const all = cases(options);
	const problems = [];
	for (const c of all) {
		const { result, created } = await runCase(c);
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

module.exports = { runHostileTable, fairSuccess, NAMED_IDS };
