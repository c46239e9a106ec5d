'use strict';
/**
 * The workflow of the execution logic v2 check: one workflow on v2 (`settings.binaryMode:
 * 'combined'`) in which every binary input of the node is named by its path under `_files`, fed
 * with files the node made earlier in the same run.
 */
const { OPTIONS, chainsWorkflow, ourNodeNames } = require('./chains-workflow');

/**
 * Frame A's and Frame B's PNGs on one item, at `_files.img` and `_files.img2` (n8n's Edit Fields).
 * In a v2 workflow, `$('Node').item` is the item's JSON itself, files included.
 */
const FRAMES = {
	n8n: {
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					{
						id: 'v2-img',
						name: '_files.img',
						type: 'binary',
						value: "={{ $('Frame A').item._files.data }}",
					},
					{ id: 'v2-img2', name: '_files.img2', type: 'binary', value: '={{ $json._files.data }}' },
				],
			},
			options: {},
		},
	},
};

/** Chains of steps, each starting after the node named first (see chainsWorkflow). */
const CHAINS = [
	[
		'Start',
		[
			'Frame A',
			{
				resource: 'image',
				operation: 'generate',
				prompt: 'A lighthouse at dawn',
				model: 'sketch-lite',
				resolution: '480p',
				options: OPTIONS,
			},
		],
		[
			'Frame B',
			{
				resource: 'image',
				operation: 'generate',
				prompt: '@Image 1 at night',
				model: 'flux-pro',
				resolution: '720p',
				aspectRatio: '1:1',
				referenceImageFields: '_files.data',
				options: OPTIONS,
			},
		],
		['Frames', FRAMES],
		[
			'Video from Frames',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'frames',
				prompt: 'From @Image 1 to @Image 2',
				model: 'motion-fast',
				resolution: '480p',
				duration: 5,
				startFrameField: '_files.img',
				endFrameField: '_files.img2',
				options: OPTIONS,
			},
		],
		[
			'Video to Video',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'video_to_video',
				prompt: 'Make it snow',
				model: 'restyle-v2v',
				resolution: '480p',
				sourceVideoField: '_files.data',
				options: OPTIONS,
			},
		],
	],
	[
		'Frame A',
		[
			'Upload Generated PNG',
			{ resource: 'upload', operation: 'uploadImage', binaryPropertyName: '_files.data' },
		],
	],
	[
		'Frames',
		[
			'Image from References',
			{
				resource: 'image',
				operation: 'generate',
				prompt: '@Image 1 beside @Image 2',
				model: 'flux-pro',
				resolution: '720p',
				aspectRatio: '1:1',
				referenceImageFields: '_files.img, _files.img2',
				options: OPTIONS,
			},
		],
	],
	[
		'Frames',
		[
			'Plain Name',
			{
				resource: 'image',
				operation: 'generate',
				prompt: '@Image 1 again',
				model: 'flux-pro',
				referenceImageFields: 'img',
				options: OPTIONS,
			},
		],
	],
	[
		'Video from Frames',
		[
			'Video from Reference Clip',
			{
				resource: 'video',
				operation: 'generate',
				mode: 'references',
				prompt: 'Moves like @Video 1',
				model: 'cinema-pro',
				resolution: '720p',
				duration: 5,
				referenceVideoFields: '_files.data',
				options: { ...OPTIONS, downloadMedia: false },
			},
		],
	],
	[
		'Start',
		[
			'Podcast',
			{
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: 'A short ad for a bakery',
				options: OPTIONS,
			},
		],
	],
];

/** Every node of ours in the workflow, by name. */
const NODE_NAMES = ourNodeNames(CHAINS);

/** The workflow, on execution logic v2, with our nodes using `credential` ({id, name}). */
function binaryPathsWorkflow(credential) {
	return chainsWorkflow({
		name: 'Compatibility: binary inputs on execution logic v2',
		prefix: 'v2',
		chains: CHAINS,
		credential,
		settings: { binaryMode: 'combined' },
		// fails on purpose: its error item is what the check reads
		nodeSettings: { 'Plain Name': { continueOnFail: true } },
	});
}

module.exports = { binaryPathsWorkflow, NODE_NAMES };
