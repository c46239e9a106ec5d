import type { INodeProperties } from 'n8n-workflow';

export function voiceIdsField(conversation: boolean): INodeProperties {
	return {
		displayName: 'Voice IDs',
		name: 'voiceIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. voice-ava, voice-ben',
		description: conversation
			? 'Exactly two voice ids (copied from the web studio, cloned and custom voices included), in the order the hosts first speak. Empty: the two default conversation voices.'
			: 'Voice ids copied from the web studio (cloned and custom voices included), separated by commas, in the order the speakers first appear. All different. Empty: up to two default voices.',
	};
}

export function scriptFields(): INodeProperties[] {
	const inForm = { show: { scriptSource: ['form'] } };
	const inJson = { show: { scriptSource: ['json'] } };
	return [
		{
			displayName: 'Script Source',
			name: 'scriptSource',
			type: 'options',
			default: 'form',
			options: [
				{ name: 'Segments in This Form', value: 'form' },
				{
					name: 'JSON From an Expression',
					value: 'json',
					description:
						"An array of {text, voice_id}, for example an AI agent's output or sheet rows",
				},
			],
		},
		{
			displayName: 'Segments',
			name: 'segments',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			default: {},
			placeholder: 'Add Segment',
			displayOptions: inForm,
			description: 'The episode, segment by segment, in order',
			options: [
				{
					name: 'segment',
					displayName: 'Segment',
					values: [
						{
							displayName: 'Text',
							name: 'text',
							type: 'string',
							default: '',
							typeOptions: { rows: 2 },
							description: 'What is said in this segment',
						},
						{
							displayName: 'Voice ID',
							name: 'voiceId',
							type: 'string',
							default: '',
							description: 'The voice that speaks it, copied from the web studio',
						},
					],
				},
			],
		},
		{
			displayName: 'Script (JSON)',
			name: 'scriptJson',
			type: 'json',
			default: '={{ $json.script }}',
			displayOptions: inJson,
			description:
				'An array of segments in order, such as [{"text": "Welcome to the show.", "voice_id": "…"}]. By default the script field of the input item, for example an AI agent\'s output.',
		},
	];
}

export const deliveryField: INodeProperties = {
	displayName: 'Delivery Instructions',
	name: 'deliveryInstructions',
	type: 'string',
	default: '',
	typeOptions: { rows: 2 },
	placeholder: 'e.g. Warm and curious, British accents, the second host teases the first',
	description: 'How the hosts speak: tone, accent, pace, the dynamic between them. Optional.',
};

export const musicField: INodeProperties = {
	displayName: 'Background Music',
	name: 'backgroundMusic',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Background Music',
	description:
		'A music track under the whole episode. It starts with the episode and is cut off where the episode ends.',
	options: [
		{
			name: 'track',
			displayName: 'Track',
			values: [
				{
					displayName: 'Fade In (Milliseconds)',
					name: 'fadeInMs',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0 },
					description: 'Fade-in at the start, in milliseconds',
				},
				{
					displayName: 'Fade Out (Milliseconds)',
					name: 'fadeOutMs',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0 },
					description: 'Fade-out at the end, in milliseconds',
				},
				{
					displayName: 'Loop',
					name: 'loop',
					type: 'boolean',
					default: false,
					description:
						'Whether the service should loop the track (sent as loop; the service defines its exact effect)',
				},
				{
					displayName: 'Music ID',
					name: 'musicId',
					type: 'string',
					default: '',
					description: 'The track ID, copied from the web studio',
				},
				{
					displayName: 'Playback End (Milliseconds)',
					name: 'playbackEndMs',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0 },
					description:
						'Where in the track playback stops, in milliseconds. 0: the end of the track or of the episode, whichever comes first.',
				},
				{
					displayName: 'Playback Start (Milliseconds)',
					name: 'playbackStartMs',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0 },
					description: 'Where in the track playback begins (trims its start), in milliseconds',
				},
				{
					displayName: 'Volume',
					name: 'volume',
					type: 'number',
					default: 0.05,
					typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
					description: 'From 0.0 (silent) to 1.0',
				},
			],
		},
	],
};
