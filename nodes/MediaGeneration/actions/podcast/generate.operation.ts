import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { JobRequest } from '../../engine/jobs/types';
import { audioEstimate, checkAudioCredits } from '../../validation/audioCost';
import { parseList } from '../../validation/ids';
import {
	checkConversationScript,
	checkVoiceIds,
	audioLength,
	CONVERSATION_MIN_WAIT_MINUTES,
	conversationWaitMinutes,
	musicSpec,
	parseScript,
	type MusicInput,
	type ScriptSegment,
} from '../../validation/podcastRequest';
import { InputError } from '../../validation/inputError';
import {
	checkNamedId,
	readBoolean,
	readIdText,
	readChoice,
	readNumber,
	readText,
	shown,
} from '../../validation/values';
import { readAdditionalBody } from '../bodyFields';
import { promptField } from '../descriptions';
import { generateOptions, waitForCompletionField } from '../waitOptions';
import { readOptions, readWaitSettings } from '../waitSettings';
import { deliveryField, musicField, scriptFields, voiceIdsField } from './fields';
import { readParameter } from '../itemField';

type Intent = { path: string; scripted: boolean; conversation: boolean };

/** Where the script comes from: the form's segments or JSON from an expression. */
function scriptFromJson(ctx: IExecuteFunctions, i: number): boolean {
	const source =
		readChoice(ctx.getNodeParameter('scriptSource', i, 'form'), 'Script Source') || 'form';
	if (source !== 'form' && source !== 'json') {
		throw new InputError(`Script Source must be one of: form, json (not "${shown(source)}")`);
	}
	return source === 'json';
}

function readScript(ctx: IExecuteFunctions, i: number): ScriptSegment[] {
	if (scriptFromJson(ctx, i)) {
		return parseScript(readParameter(ctx, 'scriptJson', i, ''), 'Script (JSON)');
	}
	const segments = ctx.getNodeParameter('segments.segment', i, []) as IDataObject[];
	return parseScript(
		segments.map((s) => ({ text: s.text, voice_id: s.voiceId })),
		'Segments',
	);
}

function checkMusicId(id: string): string {
	return id.trim() ? checkNamedId(id.trim(), 'Background Music Music ID') : '';
}

function readMusic(ctx: IExecuteFunctions, i: number): IDataObject | undefined {
	const music = ctx.getNodeParameter('backgroundMusic', i, {}) as { track?: IDataObject };
	const track = music.track;
	if (!track) return undefined;
	return musicSpec({
		musicId: checkMusicId(readIdText(track.musicId, 'Background Music Music ID')),
		volume: readNumber(track.volume, 'Background Music Volume', 0.05),
		fadeInMs: readNumber(track.fadeInMs, 'Background Music Fade In', 0),
		fadeOutMs: readNumber(track.fadeOutMs, 'Background Music Fade Out', 0),
		playbackStartMs: readNumber(track.playbackStartMs, 'Background Music Playback Start', 0),
		playbackEndMs: readNumber(track.playbackEndMs, 'Background Music Playback End', 0),
		loop: readBoolean(track.loop, 'Background Music Loop', false),
	} satisfies MusicInput);
}

/**
 * One of the four audio intents (spec 4.9-4.12) as an operation. Conversation intents take
 * exactly two voices and delivery instructions; the others take background music, which the
 * service does not support in convo mode, so it is never offered there.
 */
export function podcastOperation(intent: Intent) {
	const description: INodeProperties[] = [
		...(intent.scripted
			? scriptFields()
			: [
					promptField(
						intent.conversation
							? 'e.g. A 5-minute chat between two hosts about urban beekeeping'
							: 'e.g. A 30-second radio ad for a bakery, upbeat',
						'What the episode is about; the service writes the script. It may give the length and include links.' +
							(intent.conversation ? ' Saying that there are two hosts helps.' : ''),
					),
					voiceIdsField(intent.conversation),
				]),
		intent.conversation ? deliveryField : musicField,
		waitForCompletionField('audio as MP3 binary data'),
		generateOptions(
			'podcast',
			true,
			intent.conversation ? CONVERSATION_MIN_WAIT_MINUTES : undefined,
		),
	];

	/** The body fields this operation sets, each with the form field that sets it. */
	const ownFields: Record<string, string> = intent.scripted
		? { script: 'Segments or Script (JSON)' }
		: { prompt: 'Prompt', voice_ids: 'Voice IDs' };
	if (intent.conversation) ownFields.delivery_instructions = 'Delivery Instructions';
	else ownFields.music_spec = 'Background Music';

	async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<JobRequest> {
		const options = readOptions(this, itemIndex);
		const extra = readAdditionalBody(options, ownFields);
		const body: IDataObject = {};
		let length: ReturnType<typeof audioLength>;
		if (intent.scripted) {
			const label = scriptFromJson(this, itemIndex) ? 'Script (JSON)' : 'Segments';
			const script = readScript(this, itemIndex);
			if (intent.conversation) checkConversationScript(script, label);
			body.script = script;
			length = audioLength({ script });
		} else {
			const prompt = readText(readParameter(this, 'prompt', itemIndex, ''), 'Prompt');
			if (!prompt.trim()) throw new InputError('Prompt is empty; say what the episode is about');
			body.prompt = prompt;
			const voices = checkVoiceIds(
				parseList(readParameter(this, 'voiceIds', itemIndex, ''), 'Voice IDs', false).map((id) =>
					checkNamedId(id, 'Voice IDs'),
				),
				intent.conversation,
			);
			if (voices) body.voice_ids = voices;
			length = audioLength({ prompt });
		}
		if (intent.conversation) {
			const delivery = readText(
				readParameter(this, 'deliveryInstructions', itemIndex, ''),
				'Delivery Instructions',
			).trim();
			if (delivery) body.delivery_instructions = delivery;
		} else {
			const music = readMusic(this, itemIndex);
			if (music) body.music_spec = music;
		}
		const settings = readWaitSettings(
			this,
			itemIndex,
			'podcast',
			options,
			intent.conversation ? conversationWaitMinutes(length?.minutes) : undefined,
		);
		Object.assign(body, extra);
		const estimated = checkAudioCredits(length, settings.maxCredits);
		const json = estimated === undefined ? {} : { estimated_credits: estimated };
		const estimate = audioEstimate(length);
		return { kind: 'podcast', create: { path: intent.path, body }, settings, json, estimate };
	}

	return { description, prepare };
}
