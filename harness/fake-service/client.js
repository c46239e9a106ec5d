'use strict';
/** A client for the fake service: its API called as a test key, uploads, and its jobs described. */

const KEY = 'test-key-alice';

/** A response body parsed as JSON, or undefined when it is not JSON. */
function jsonOrUndefined(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

async function api(svc, method, path, { key = KEY, body, form } = {}) {
	const headers = {};
	if (key !== null) headers['X-API-KEY'] = key;
	let payload;
	if (form) payload = form;
	else if (body !== undefined) {
		headers['Content-Type'] = 'application/json';
		payload = typeof body === 'string' ? body : JSON.stringify(body);
	}
	const res = await fetch(`${svc.apiUrl}${path}`, { method, headers, body: payload });
	const text = await res.text();
	return { status: res.status, json: jsonOrUndefined(text), text, headers: res.headers };
}

/** Polls a job until it leaves queued/processing (audio: until finished). */
async function waitForJob(svc, kind, jobId, key = KEY) {
	for (let i = 0; i < 200; i++) {
		const r = await api(svc, 'GET', `/${kind}/${jobId}`, { key });
		const done =
			kind === 'podcast' ? r.json.finished : ['succeeded', 'failed'].includes(r.json.status);
		if (done) return r.json;
		await new Promise((res) => setTimeout(res, 50));
	}
	throw new Error(`job ${jobId} did not finish`);
}

function uploadForm(field, buffer, name = 'file.bin', type = 'application/octet-stream') {
	const form = new FormData();
	form.append(field, new Blob([buffer], { type }), name);
	return form;
}

/** The jobs the fake service made for prompts matching `re`. */
function jobsWithPrompt(svc, re) {
	return [...svc.state.jobs.values()].filter((j) => re.test(String(j.request?.prompt ?? '')));
}

/** The service's jobs (those with a prompt matching `re`, if given) by status, for a wait that gives up. */
function describeJobs(svc, re) {
	const jobs = re ? jobsWithPrompt(svc, re) : [...svc.state.jobs.values()];
	const counts = {};
	for (const job of jobs) {
		const status = svc.state.status(job);
		counts[status] = (counts[status] ?? 0) + 1;
	}
	const parts = Object.entries(counts).map(([status, n]) => `${n} ${status}`);
	return `${jobs.length} jobs created at the service${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

module.exports = {
	describeJobs,
	api,
	waitForJob,
	uploadForm,
	jsonOrUndefined,
	jobsWithPrompt,
	KEY,
};
