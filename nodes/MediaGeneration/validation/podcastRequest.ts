import type { IDataObject } from 'n8n-workflow';

import { InputError } from './inputError';
import { checkNamedId, kindOf, readText, shown } from './values';

export type ScriptSegment = { text: string; voice_id: string };

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * A script from the form's segments or from an expression (an LLM's output, a sheet): a JSON
 * array of {text, voice_id}, as text or as data. Every segment needs text and a voice id.
 */
export function parseScript(value: unknown, label: string): ScriptSegment[] {
	let data = value;
	if (typeof data === 'string') {
		const text = data.trim();
		if (!text)
			throw new InputError(`${label} is empty; give at least one segment with text and voice_id`);
		data = parseJson(text);
		if (data === undefined) {
			throw new InputError(
				`${label} is not valid JSON; expected an array like [{"text": "Hello", "voice_id": "…"}]`,
			);
		}
	}
	if (
		data &&
		// Stryker disable next-line ConditionalExpression: a number or yes/no has no script to unwrap
		typeof data === 'object' &&
		!Array.isArray(data) &&
		Array.isArray((data as IDataObject).script)
	) {
		data = (data as IDataObject).script;
	}
	if (!Array.isArray(data))
		throw new InputError(`${label} must be an array of segments {text, voice_id}`);
	if (!data.length)
		throw new InputError(`${label} has no segments; give at least one with text and voice_id`);
	return data.map((raw, i) => {
		const where = `${label}, segment ${i + 1}`;
		if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
			throw new InputError(`${where} must be an object {text, voice_id}, not ${kindOf(raw)}`);
		const seg = raw as IDataObject;
		const text = readText(seg.text, `${where}: Text`).trim();
		const voice = seg.voice_id ?? seg.voiceId;
		if (voice !== undefined && voice !== null && typeof voice !== 'string')
			throw new InputError(`${where}: Voice ID must be text, not ${kindOf(voice)}`);
		const voiceId = readText(voice, `${where}: Voice ID`, 200).trim();
		if (!text) throw new InputError(`${where}: Text is empty`);
		if (!voiceId)
			throw new InputError(
				`${where}: Voice ID (voice_id) is missing (a voice id copied from the web studio)`,
			);
		return { text, voice_id: checkNamedId(voiceId, `${where}: Voice ID`) };
	});
}

/** Voice ids: unique; for convo mode exactly two. Empty: the service's default voices. */
export function checkVoiceIds(ids: string[], exactlyTwo: boolean): string[] | undefined {
	if (!ids.length) return undefined;
	const seen = new Set<string>();
	for (const id of ids) {
		if (seen.has(id))
			throw new InputError(`Voice IDs must be unique; "${shown(id)}" is given twice`);
		seen.add(id);
	}
	if (exactlyTwo && ids.length !== 2) {
		throw new InputError(
			`Voice IDs: conversations take exactly 2 voices, ${ids.length} given (leave empty for the two default voices)`,
		);
	}
	return ids;
}

/**
 * A conversation script must be spoken by exactly two voices. The spec states the rule for
 * voice_ids and does not show how a script's voices are counted; two distinct voice_id values
 * is the reading that every case it shows satisfies.
 */
export function checkConversationScript(script: ScriptSegment[], label: string) {
	const voices = [...new Set(script.map((s) => s.voice_id))];
	if (voices.length !== 2) {
		throw new InputError(
			`${label}: a conversation needs exactly 2 voices taking turns; this script uses ${voices.length} (${voices.join(', ')})`,
		);
	}
}

export type MusicInput = {
	musicId: string;
	volume: number;
	fadeInMs: number;
	fadeOutMs: number;
	playbackStartMs: number;
	/** 0: to the end of the track or the episode */
	playbackEndMs: number;
	loop: boolean;
};

function wholeMs(value: number, field: string): number {
	if (!Number.isInteger(value) || value < 0)
		throw new InputError(
			`Background Music ${field} must be a whole number of milliseconds, 0 or more, not ${value}`,
		);
	return value;
}

/** MusicSpec (spec 2.2) from the form; every rule the spec states, checked here. */
export function musicSpec(m: MusicInput): IDataObject {
	const musicId = m.musicId.trim();
	if (!musicId)
		throw new InputError('Background Music needs a Music ID (copied from the web studio)');
	if (!(m.volume >= 0 && m.volume <= 1))
		throw new InputError(`Background Music Volume must be between 0.0 and 1.0, not ${m.volume}`);
	const spec: IDataObject = {
		music_id: musicId,
		volume: m.volume,
		fade_in_ms: wholeMs(m.fadeInMs, 'Fade In'),
		fade_out_ms: wholeMs(m.fadeOutMs, 'Fade Out'),
		playback_start: wholeMs(m.playbackStartMs, 'Playback Start'),
		loop: m.loop === true,
	};
	const end = wholeMs(m.playbackEndMs, 'Playback End');
	if (end > 0) {
		if (end <= m.playbackStartMs) {
			throw new InputError(
				`Background Music Playback End (${end} ms) must come after Playback Start (${m.playbackStartMs} ms)`,
			);
		}
		spec.playback_end = end;
	}
	return spec;
}

/** Spoken words per minute, for a script's length. */
export const WORDS_PER_MINUTE = 150;

/** "5 minutes", "a 30-second ad", "1.5 hrs": a length stated in a prompt. */
const STATED_LENGTH = /(\d+(?:\.\d+)?)\s*(?:-\s*)?(hours?|hrs?|minutes?|mins?|seconds?|secs?)\b/i;
const MINUTES_PER: Record<string, number> = { h: 60, m: 1, s: 1 / 60 };

/**
 * How long the audio will be, in minutes, and what that rests on: a script's words at about
 * WORDS_PER_MINUTE, or the first length a prompt states. Undefined when a prompt states none.
 */
export function audioLength(source: {
	script?: ScriptSegment[];
	prompt?: string;
}): { minutes: number; basis: string } | undefined {
	if (source.script) {
		const words = source.script.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);
		return {
			minutes: words / WORDS_PER_MINUTE,
			basis: `${words} words at ${WORDS_PER_MINUTE} a minute`,
		};
	}
	// Stryker disable next-line StringLiteral: any text without a length reads as no length
	const stated = STATED_LENGTH.exec(source.prompt ?? '');
	if (!stated) return undefined;
	return {
		minutes: Number(stated[1]) * MINUTES_PER[stated[2][0].toLowerCase()],
		basis: `the length the prompt states ("${stated[0]}")`,
	};
}

/** Minutes of audio a script or prompt suggests (see audioLength). */
export function expectedAudioMinutes(source: {
	script?: ScriptSegment[];
	prompt?: string;
}): number | undefined {
	return audioLength(source)?.minutes;
}

/** The shortest default Maximum Wait of a conversation, also the form's default for it. */
export const CONVERSATION_MIN_WAIT_MINUTES = 60;

/**
 * Conversation jobs need at least a minute of processing per minute of audio (spec 4.11, 8).
 * The default wait gives twice that plus 10 minutes, and never less than an hour.
 */
export function conversationWaitMinutes(audioMinutes: number | undefined): number {
	return Math.max(CONVERSATION_MIN_WAIT_MINUTES, Math.ceil(2 * (audioMinutes ?? 0) + 10));
}
