'use strict';
/** The four audio create endpoints and GET /podcast/{job_id} (spec 4.9-4.13, 2.2-2.4). */
const { voices, defaultVoices, music } = require('./catalogue');
const { promptOutcome } = require('./outcomes');
const e = require('./errors');

function checkVoiceIds(p, body, { exactlyTwo }) {
	const ids = body.voice_ids;
	if (ids === undefined || ids === null) return undefined;
	if (!Array.isArray(ids) || ids.some((v) => typeof v !== 'string')) {
		p.add(['voice_ids'], 'Input should be a valid list of strings', 'list_type');
		return undefined;
	}
	if (new Set(ids).size !== ids.length)
		p.add(['voice_ids'], 'voice_ids must be unique', 'value_error');
	p.throwIfAny();
	if (exactlyTwo && ids.length !== 2)
		throw new e.HttpError(400, `Convo mode needs exactly 2 voice_ids; got ${ids.length}.`);
	for (const id of ids)
		if (!voices.has(id)) throw new e.HttpError(400, `Invalid voice_id '${id}'.`);
	return ids;
}

function checkScript(p, body) {
	const script = body.script;
	if (script === undefined || script === null) {
		p.add(['script'], 'Field required', 'missing');
		return undefined;
	}
	if (!Array.isArray(script) || script.length === 0) {
		p.add(['script'], 'Input should be a non-empty list of segments', 'list_type');
		return undefined;
	}
	script.forEach((seg, i) => {
		if (!seg || typeof seg.text !== 'string')
			p.add(['script', String(i), 'text'], 'Field required', 'missing');
		if (!seg || typeof seg.voice_id !== 'string')
			p.add(['script', String(i), 'voice_id'], 'Field required', 'missing');
	});
	p.throwIfAny();
	for (const seg of script)
		if (!voices.has(seg.voice_id))
			throw new e.HttpError(400, `Invalid voice_id '${seg.voice_id}'.`);
	return script;
}

function checkMusic(p, body, { convo }) {
	const spec = body.music_spec;
	if (spec === undefined || spec === null) return;
	// Convo mode does not support music (spec 4.11); what the real service does with it is not shown.
	if (convo) throw new e.HttpError(400, 'Background music is not supported in convo mode.');
	if (typeof spec !== 'object' || Array.isArray(spec))
		return p.add(['music_spec'], 'Input should be an object', 'model_type');
	if (typeof spec.music_id !== 'string')
		p.add(['music_spec', 'music_id'], 'Field required', 'missing');
	for (const f of ['fade_in_ms', 'fade_out_ms', 'playback_start', 'playback_end']) {
		if (spec[f] !== undefined && (!Number.isInteger(spec[f]) || spec[f] < 0)) {
			p.add(['music_spec', f], 'Input should be a non-negative integer', 'int_type');
		}
	}
	if (
		spec.volume !== undefined &&
		(typeof spec.volume !== 'number' || spec.volume < 0 || spec.volume > 1)
	) {
		p.add(['music_spec', 'volume'], 'Input should be between 0.0 and 1.0', 'value_error');
	}
	if (spec.loop !== undefined && typeof spec.loop !== 'boolean')
		p.add(['music_spec', 'loop'], 'Input should be a valid boolean', 'bool_type');
	p.throwIfAny();
	const trackMs = music.get(spec.music_id);
	if (trackMs === undefined) throw new e.HttpError(400, `Invalid music_id '${spec.music_id}'.`);
	for (const f of ['fade_in_ms', 'fade_out_ms', 'playback_start', 'playback_end']) {
		if (spec[f] !== undefined && spec[f] > trackMs) {
			throw new e.HttpError(
				400,
				`music_spec.${f} (${spec[f]}) is beyond the track's length of ${trackMs} ms.`,
			);
		}
	}
}

/** Seconds of speech for a text, about 2.5 words a second, kept short so files stay small. */
function audioMsFor(text) {
	const words = String(text).split(/\s+/).filter(Boolean).length;
	return Math.min(20000, Math.max(2000, Math.round((words / 2.5) * 1000)));
}

const ENDPOINTS = {
	'/podcast': { scripted: false, convo: false },
	'/podcast/scripted': { scripted: true, convo: false },
	'/podcast/convo-mode/ai-scripted': { scripted: false, convo: true },
	'/podcast/convo-mode/user-scripted': { scripted: true, convo: true },
};

function create(svc, account, path, body) {
	const { scripted, convo } = ENDPOINTS[path];
	const p = new e.Problems();
	let text;
	let script;
	let usedVoices;
	if (scripted) {
		script = checkScript(p, body);
		p.throwIfAny();
		usedVoices = [...new Set(script.map((s) => s.voice_id))];
		if (convo && usedVoices.length !== 2) {
			throw new e.HttpError(
				400,
				`Convo mode needs exactly 2 voices; the script uses ${usedVoices.length}.`,
			);
		}
		text = script.map((s) => s.text).join(' ');
	} else {
		text = e.requireString(p, body, 'prompt', { min: 1 });
		p.throwIfAny();
		usedVoices = checkVoiceIds(p, body, { exactlyTwo: convo }) ?? defaultVoices;
	}
	if (
		convo &&
		body.delivery_instructions !== undefined &&
		typeof body.delivery_instructions !== 'string'
	) {
		p.add(['delivery_instructions'], 'Input should be a valid string', 'string_type');
	}
	checkMusic(p, body, { convo });
	p.throwIfAny();
	if (svc.state.audioInFlight(account.user) >= svc.state.audioConcurrency) {
		throw new e.HttpError(
			429,
			`Too many audio jobs in flight (limit ${svc.state.audioConcurrency}).`,
			{ 'Retry-After': '1' },
		);
	}
	const finalScript = script
		? script.map((s) => `${s.voice_id}: ${s.text}`).join('\n')
		: `${usedVoices[0]}: Welcome to the show. Today: ${text}\n${usedVoices[1] ?? usedVoices[0]}: Let's get into it.`;
	const job = svc.state.addJob('audio', account.user, {
		endpoint: path,
		request: { ...body },
		script: finalScript,
		audioMs: audioMsFor(finalScript),
		...promptOutcome(text, 'Speech synthesis failed for segment 1.'),
	});
	return { job_id: job.id };
}

function get(svc, account, jobId) {
	const job = svc.state.jobs.get(jobId);
	if (!job || job.kind !== 'audio' || job.owner !== account.user)
		throw new e.HttpError(404, 'Invalid job_id.');
	const status = svc.state.status(job);
	if (status === 'succeeded') {
		return {
			finished: true,
			script: job.script,
			url: svc.links.create(job, 0, 'mp3'),
			error: false,
			error_details: null,
		};
	}
	if (status === 'failed') {
		return {
			finished: true,
			script: job.script,
			url: null,
			error: true,
			error_details: job.error ?? 'Generation failed.',
		};
	}
	return { finished: false, script: null, url: null, error: false, error_details: null };
}

module.exports = { create, get, ENDPOINTS };
