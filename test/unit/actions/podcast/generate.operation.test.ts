import type { IDataObject } from 'n8n-workflow';

import { operations } from '../../../../nodes/MediaGeneration/actions/podcast/Podcast.resource';
import { fakeContext } from '../../../support/fakeContext';

const {
	generateConversationFromScript: conversationFromScript,
	generateFromPrompt: fromPrompt,
	generateFromScript: fromScript,
} = operations;

type Prepare = typeof fromPrompt.prepare;
const prepare = (op: { prepare: Prepare }, params: IDataObject) =>
	op.prepare.call(fakeContext([params]), 0);

/** Podcast operations: from the form's fields to the create request, without any HTTP. */
describe('podcast fields become the create request', () => {
	test('From Prompt: prompt, voices and music; defaults wait up to 30 minutes', async () => {
		const req = await prepare(fromPrompt, {
			prompt: 'A show about tea',
			voiceIds: 'voice-a, voice-b',
			backgroundMusic: { track: { musicId: 'music-1' } },
		});
		expect(req.kind).toBe('podcast');
		expect(req.create?.path).toBe('/podcast');
		expect(req.create?.body).toEqual({
			prompt: 'A show about tea',
			voice_ids: ['voice-a', 'voice-b'],
			music_spec: {
				music_id: 'music-1',
				volume: 0.05,
				fade_in_ms: 0,
				fade_out_ms: 0,
				playback_start: 0,
				loop: false,
			},
		});
		expect(req.settings).toMatchObject({
			waitForCompletion: true,
			maxWaitMs: 30 * 60_000,
			binaryPropertyName: 'data',
		});
	});

	test('From Prompt: an empty prompt is refused before anything is sent', async () => {
		await expect(prepare(fromPrompt, { prompt: '  ' })).rejects.toThrow(/Prompt is empty/);
	});

	test('From Script: the segments become the script, in order', async () => {
		const segments = {
			segment: [
				{ text: 'Hello', voiceId: 'v1' },
				{ text: 'Bye', voiceId: 'v1' },
			],
		};
		const req = await prepare(fromScript, { segments });
		expect(req.create).toEqual({
			path: '/podcast/scripted',
			body: {
				script: [
					{ text: 'Hello', voice_id: 'v1' },
					{ text: 'Bye', voice_id: 'v1' },
				],
			},
		});
	});

	test('Conversation From Script: delivery instructions go along; Wait for Completion off is kept', async () => {
		const script = JSON.stringify([
			{ text: 'Hi', voice_id: 'v1' },
			{ text: 'Hello', voice_id: 'v2' },
		]);
		const req = await prepare(conversationFromScript, {
			scriptSource: 'json',
			scriptJson: script,
			deliveryInstructions: ' calm ',
			waitForCompletion: false,
		});
		expect(req.create?.body).toMatchObject({ delivery_instructions: 'calm' });
		expect(req.settings.waitForCompletion).toBe(false);
	});
});
