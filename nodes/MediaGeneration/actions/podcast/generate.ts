import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { JobRequest } from '../../engine/types';
import { parseList } from '../../validation/ids';
import {
	checkConversationScript,
	checkVoiceIds,
	conversationWaitMinutes,
	expectedAudioMinutes,
	musicSpec,
	parseScript,
	type MusicInput,
	type ScriptSegment,
} from '../../validation/podcastRequest';
import { InputError } from '../../validation/inputError';
import { promptField } from '../descriptions';
import { generateOptions, readWaitSettings, waitForCompletionField } from '../waitOptions';
import { deliveryField, musicField, scriptFields, voiceIdsField } from './fields';

type Intent = { operation: string; path: string; scripted: boolean; conversation: boolean };

function readScript(ctx: IExecuteFunctions, i: number): ScriptSegment[] {
	if (ctx.getNodeParameter('scriptSource', i, 'form') === 'json') {
		return parseScript(ctx.getNodeParameter('scriptJson', i, ''), 'Script (JSON)');
	}
	const segments = ctx.getNodeParameter('segments.segment', i, []) as IDataObject[];
	return parseScript(
		segments.map((s) => ({ text: s.text, voice_id: s.voiceId })),
		'Segments',
	);
}

function readMusic(ctx: IExecuteFunctions, i: number): IDataObject | undefined {
	const music = ctx.getNodeParameter('backgroundMusic', i, {}) as { track?: IDataObject };
	const track = music.track;
	if (!track) return undefined;
	return musicSpec({
		musicId: String(track.musicId ?? ''),
		volume: Number(track.volume ?? 0.05),
		fadeInMs: Number(track.fadeInMs ?? 0),
		fadeOutMs: Number(track.fadeOutMs ?? 0),
		playbackStartMs: Number(track.playbackStartMs ?? 0),
		playbackEndMs: Number(track.playbackEndMs ?? 0),
		loop: track.loop === true,
	} satisfies MusicInput);
}

/**
 * One of the four audio intents (spec 4.9-4.12) as an operation. Conversation intents take
 * exactly two voices and delivery instructions; the others take background music, which the
 * service does not support in convo mode, so it is never offered there.
 */
export function podcastOperation(intent: Intent) {
	const show = { resource: ['podcast'], operation: [intent.operation] };
	const description: INodeProperties[] = [
		...(intent.scripted
			? scriptFields({ show })
			: [
					{
						...promptField(
							intent.conversation
								? 'e.g. A 5-minute chat between two hosts about urban beekeeping'
								: 'e.g. A 30-second radio ad for a bakery, upbeat',
							'What the episode is about; the service writes the script. It may give the length and include links.' +
								(intent.conversation ? ' Saying that there are two hosts helps.' : ''),
						),
						displayOptions: { show },
					},
					voiceIdsField({ show }, intent.conversation),
				]),
		...(intent.conversation ? [deliveryField({ show })] : [musicField({ show })]),
		waitForCompletionField(show, 'audio as MP3 binary data'),
		generateOptions(show, intent.conversation ? 'conversation' : 'podcast', false),
	];

	async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const body: IDataObject = {};
		let expected: number | undefined;
		if (intent.scripted) {
			const label =
				this.getNodeParameter('scriptSource', itemIndex, 'form') === 'json'
					? 'Script (JSON)'
					: 'Segments';
			const script = readScript(this, itemIndex);
			if (intent.conversation) checkConversationScript(script, label);
			body.script = script;
			expected = expectedAudioMinutes({ script });
		} else {
			const prompt = String(this.getNodeParameter('prompt', itemIndex, ''));
			if (!prompt.trim()) throw new InputError('Prompt is empty; say what the episode is about');
			body.prompt = prompt;
			const voices = checkVoiceIds(
				parseList(this.getNodeParameter('voiceIds', itemIndex, '')),
				intent.conversation,
			);
			if (voices) body.voice_ids = voices;
			expected = expectedAudioMinutes({ prompt });
		}
		if (intent.conversation) {
			const delivery = String(this.getNodeParameter('deliveryInstructions', itemIndex, '')).trim();
			if (delivery) body.delivery_instructions = delivery;
		} else {
			const music = readMusic(this, itemIndex);
			if (music) body.music_spec = music;
		}
		const settings = intent.conversation
			? readWaitSettings(this, itemIndex, 'conversation', conversationWaitMinutes(expected))
			: readWaitSettings(this, itemIndex, 'podcast');
		return { kind: 'podcast', create: { path: intent.path, body }, settings, json: {} };
	}

	return { description, prepare };
}
