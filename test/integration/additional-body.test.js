'use strict';
/**
 * Additional Body Fields (JSON) on every create: an object merged into the request body, for
 * fields the node does not know yet. It is checked before anything is uploaded or created, and it cannot
 * replace a field the node sets.
 */
const { useFakeService } = require('../support/fake');
const { runner, binaryItem, count } = require('../support/media');

const ref = useFakeService({ timing: { queueMs: 10, imageMs: 100, videoMs: 100, audioMs: 100 } });
const image = runner(ref, 'image');
const video = runner(ref, 'video');
const podcast = runner(ref, 'podcast');
const lastBody = (route) => ref.svc.state.requests.filter((r) => r.route === route).at(-1)?.body;
/** Requests for the items: the model listing, fetched beside the checks, is not one of them. */
const itemRequests = () =>
	ref.svc.state.requests.filter((r) => !/ \/(image|video)\/models$/.test(r.route)).length;
const noWait = { waitForCompletion: false };

describe('Additional Body Fields (JSON)', () => {
	test('Image > Generate: the fields go into the request body beside the node’s own', async () => {
		const { error } = await image({
			prompt: 'A lighthouse',
			model: 'flux-pro',
			...noWait,
			options: { additionalBodyFields: '{"seed": 42, "style": {"palette": ["teal", "amber"]}}' },
		});
		expect(error).toBeUndefined();
		expect(lastBody('POST /image')).toEqual({
			prompt: 'A lighthouse',
			model_id: 'flux-pro',
			number_of_images: 1,
			seed: 42,
			style: { palette: ['teal', 'amber'] },
		});
	});

	test('Video > Generate and every podcast create take them too; an object from an expression works', async () => {
		const v = await video(
			{
				mode: 'text',
				prompt: 'Waves',
				model: 'motion-fast',
				...noWait,
				options: { additionalBodyFields: '={{ { "camera_motion": $json.motion } }}' },
			},
			{ items: [{ json: { motion: 'dolly' } }] },
		);
		expect(v.error).toBeUndefined();
		expect(lastBody('POST /video')).toMatchObject({
			model_id: 'motion-fast',
			camera_motion: 'dolly',
		});
		for (const [operation, params, route] of [
			['generateFromPrompt', { prompt: 'A 1-minute ad' }, 'POST /podcast'],
			[
				'generateFromScript',
				{ segments: { segment: [{ voiceId: 'voice-ava', text: 'Hello there.' }] } },
				'POST /podcast/scripted',
			],
			[
				'generateConversationFromPrompt',
				{ prompt: 'Two hosts on bees' },
				'POST /podcast/convo-mode/ai-scripted',
			],
			[
				'generateConversationFromScript',
				{
					segments: {
						segment: [
							{ voiceId: 'voice-ava', text: 'Hi.' },
							{ voiceId: 'voice-dan', text: 'Hello.' },
						],
					},
				},
				'POST /podcast/convo-mode/user-scripted',
			],
		]) {
			const { error } = await podcast(
				{ ...params, ...noWait, options: { additionalBodyFields: '{"language": "de"}' } },
				{ operation },
			);
			expect(error).toBeUndefined();
			expect(lastBody(route)).toMatchObject({ language: 'de' });
		}
	});

	test('an empty object, or the option left empty, changes nothing', async () => {
		for (const additionalBodyFields of ['{}', '', '  ']) {
			const { error } = await image({
				prompt: 'A lighthouse',
				model: 'sketch-lite',
				...noWait,
				options: { additionalBodyFields },
			});
			expect(error).toBeUndefined();
			expect(lastBody('POST /image')).toEqual({
				prompt: 'A lighthouse',
				model_id: 'sketch-lite',
				number_of_images: 1,
			});
		}
	});

	test('not JSON, or JSON that is not an object: refused before anything is sent', async () => {
		for (const [value, why] of [
			['{"seed": 42', /is not valid JSON/],
			['[1, 2]', /must be a JSON object.*not a list/],
			['"seed"', /must be a JSON object.*not the string seed/],
			['null', /must be a JSON object.*not null/],
		]) {
			const before = itemRequests();
			const { error } = await image(
				{
					prompt: 'A lighthouse',
					model: 'flux-pro',
					referenceImageFields: 'logo',
					options: { additionalBodyFields: value },
				},
				{ items: [binaryItem({ logo: 'png' })] },
			);
			expect(error.message).toMatch(/^Additional Body Fields \(JSON\)/);
			expect(error.message).toMatch(why);
			// neither the reference upload nor a job
			expect(itemRequests()).toBe(before);
		}
	});

	test('a field the node sets cannot be replaced: the error names it and the form field', async () => {
		const before = count(ref.svc, 'POST /image');
		const { error } = await image({
			prompt: 'A lighthouse',
			model: 'flux-pro',
			options: { additionalBodyFields: '{"seed": 1, "model_id": "studio-4k"}' },
		});
		expect(error.message).toMatch(/"model_id".*Model/);
		expect(count(ref.svc, 'POST /image')).toBe(before);
	});

	test('a field the node knows but left unset is refused too (it would bypass the checks and the estimate)', async () => {
		const { error } = await video({
			mode: 'text',
			prompt: 'Waves',
			model: 'motion-fast',
			options: { additionalBodyFields: '{"resolution": "4k"}' },
		});
		expect(error.message).toMatch(/"resolution".*Resolution/);
		const audio = await podcast(
			{ prompt: 'An ad', options: { additionalBodyFields: '{"music_spec": {"music_id": "m"}}' } },
			{ operation: 'generateFromPrompt' },
		);
		expect(audio.error.message).toMatch(/"music_spec".*Background Music/);
	});
});
