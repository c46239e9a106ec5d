'use strict';
/** The workflow of the compatibility check: every operation of the node, in branches from one trigger. */
const { OPTIONS, chainsWorkflow, ourNodeNames } = require('./chains-workflow');

/**
 * Branches from the trigger, each a chain of [name, parameters] (or [name, 'wait'] for n8n's own
 * Wait node, two seconds: long enough for the fake service's jobs to end). Chains feed each
 * other's output on: uploads take the binary fields stored by the step before.
 */
const BRANCHES = [
	[
		[
			'Image',
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'A lighthouse',
				model: 'sketch-lite',
				resolution: '480p',
				options: OPTIONS,
			},
		],
		['Upload Image', { resource: 'upload', operation: 'uploadImage', binaryPropertyName: 'data' }],
		[
			'Video',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'image',
				prompt: 'Waves around @Image 1',
				model: 'motion-fast',
				duration: 5,
				startFrameId: '={{ $json.image_id }}',
				options: OPTIONS,
			},
		],
		['Upload Video', { resource: 'upload', operation: 'uploadVideo', binaryPropertyName: 'data' }],
		[
			'Video from Upload',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'video_to_video',
				prompt: 'Make it snow',
				model: 'restyle-v2v',
				sourceVideoId: '={{ $json.video_id }}',
				options: { ...OPTIONS, downloadMedia: false },
			},
		],
	],
	[['List Image Models', { resource: 'model', operation: 'listImageModels' }]],
	[['List Video Models', { resource: 'model', operation: 'listVideoModels' }]],
	[
		[
			'Image Job',
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'A harbour',
				model: 'sketch-lite',
				waitForCompletion: false,
			},
		],
		['Wait for Image', 'wait'],
		['Image Get', { resource: 'image', operation: 'get', jobId: '={{ $json.job_id }}' }],
		['Image Download', { resource: 'image', operation: 'download', jobId: '={{ $json.job_id }}' }],
		['Image Check', { resource: 'image', operation: 'check', jobId: '={{ $json.job_id }}' }],
	],
	[
		[
			'Video Job',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'text',
				prompt: 'Rain',
				model: 'motion-fast',
				duration: 5,
				waitForCompletion: false,
			},
		],
		['Wait for Video', 'wait'],
		['Video Get', { resource: 'video', operation: 'get', jobId: '={{ $json.job_id }}' }],
		['Video Download', { resource: 'video', operation: 'download', jobId: '={{ $json.job_id }}' }],
		['Video Check', { resource: 'video', operation: 'check', jobId: '={{ $json.job_id }}' }],
	],
	[
		[
			'Podcast from Prompt',
			{
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: 'A short ad for a bakery',
				voiceIds: 'voice-cleo',
				options: OPTIONS,
			},
		],
	],
	[
		[
			'Podcast from Script',
			{
				resource: 'podcast',
				operation: 'generateFromScript',
				segments: {
					segment: [
						{ voiceId: 'voice-ava', text: 'Breathe in.' },
						{ voiceId: 'voice-dan', text: 'And out.' },
					],
				},
				options: OPTIONS,
			},
		],
	],
	[
		[
			'Conversation from Prompt',
			{
				resource: 'podcast',
				operation: 'generateConversationFromPrompt',
				prompt: 'Two hosts discuss tea',
				voiceIds: 'voice-ava, voice-ben',
				options: OPTIONS,
			},
		],
	],
	[
		[
			'Conversation from Script',
			{
				resource: 'podcast',
				operation: 'generateConversationFromScript',
				segments: {
					segment: [
						{ voiceId: 'voice-ava', text: 'So, tea?' },
						{ voiceId: 'voice-ben', text: 'Always tea.' },
					],
				},
				options: OPTIONS,
			},
		],
	],
	[
		[
			'Podcast Job',
			{
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: 'News in brief',
				waitForCompletion: false,
			},
		],
		['Wait for Podcast', 'wait'],
		['Podcast Get', { resource: 'podcast', operation: 'get', jobId: '={{ $json.job_id }}' }],
		[
			'Podcast Download',
			{ resource: 'podcast', operation: 'download', jobId: '={{ $json.job_id }}' },
		],
		['Podcast Check', { resource: 'podcast', operation: 'check', jobId: '={{ $json.job_id }}' }],
	],
];

const CHAINS = BRANCHES.map((branch) => ['Start', ...branch]);

/** Every node of ours in the workflow of every operation, by name. */
const NODE_NAMES = ourNodeNames(CHAINS);

/** The workflow of every operation, with our nodes using `credential` ({id, name}). */
function everyOperation(credential) {
	return chainsWorkflow({
		name: 'Compatibility: every operation',
		prefix: 'compat',
		chains: CHAINS,
		credential,
	});
}

module.exports = { everyOperation, NODE_NAMES, BRANCHES };
