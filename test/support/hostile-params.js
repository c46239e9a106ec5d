'use strict';
/**
 * Valid parameters for every operation of the node, to which the hostile table adds one hostile
 * field, and the uploads and finished jobs of the fake service they refer to.
 */
const { api, waitForJob } = require('./fake');

/** A finished job of a kind, for Get and Download. */
async function finishedJob(svc, kind, path, body) {
	const r = await api(svc, 'POST', path, { body });
	if (r.status !== 200) throw new Error(`could not create a ${kind} job: ${r.text}`);
	await waitForJob(svc, kind, r.json.job_id);
	return r.json.job_id;
}

/** Uploads and finished jobs on `svc` (a started fake service) that the parameters refer to. */
async function prepareIds(svc) {
	return {
		image: svc.state.addImage('alice', { width: 1280, height: 720, source: 'upload' }),
		image2: svc.state.addImage('alice', { width: 1280, height: 720, source: 'upload' }),
		video: svc.state.addVideo('alice', {
			durationMs: 3000,
			width: 640,
			height: 360,
			source: 'upload',
		}),
		jobs: {
			image: await finishedJob(svc, 'image', '/image', {
				prompt: 'A fox',
				model_id: 'sketch-lite',
			}),
			video: await finishedJob(svc, 'video', '/video', {
				prompt: 'Waves',
				model_id: 'motion-fast',
				resolution: '480p',
				duration: 5,
			}),
			podcast: await finishedJob(svc, 'podcast', '/podcast', { prompt: 'News' }),
		},
	};
}

/** Valid parameters for an operation (and video mode), to which one hostile field is added. */
function baseParams(field, ids) {
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

module.exports = { prepareIds, baseParams };
