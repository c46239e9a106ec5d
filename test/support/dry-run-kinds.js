'use strict';
/** The create kinds a Dry Run test runs: one batch of three items per kind, and its estimates. */
const { binaryItem } = require('./media');

const words = (n) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
/** The same fields for a real run that returns once the jobs are created. */
const noWait = (params) => ({ ...params, waitForCompletion: false });

/**
 * One batch per create kind, three items each, with references from binary fields and links of
 * `ref` (the test file's fake service) where the kind takes them: what a dry run must check
 * without uploading.
 */
const dryRunKinds = (ref) => ({
	'image, references from a binary field and a link': () => ({
		params: {
			resource: 'image',
			operation: 'generate',
			prompt: '={{ $json.p }} like @Image 1 and @Image 2',
			model: 'flux-pro',
			resolution: '720p',
			numberOfImages: 2,
			referenceImageFields: 'logo',
			referenceImageUrls: ref.svc.hostedUrl('frame.png'),
		},
		items: ['a', 'b', 'c'].map((p) => binaryItem({ logo: 'png' }, { p })),
		estimates: [8, 8, 8],
		uploads: 6,
	}),
	'video from frames, a link and a binary field': () => ({
		params: {
			resource: 'video',
			operation: 'generate',
			mode: 'frames',
			prompt: '={{ $json.p }}: from @Image 1 to @Image 2',
			model: 'motion-fast',
			resolution: '720p',
			duration: 10,
			startFrameUrl: ref.svc.hostedUrl('frame.png'),
			endFrameField: 'end',
		},
		items: ['a', 'b', 'c'].map((p) => binaryItem({ end: 'png' }, { p })),
		estimates: [20, 20, 20],
		uploads: 6,
	}),
	'video to video from a binary field, its length read from the file': () => ({
		params: {
			resource: 'video',
			operation: 'generate',
			mode: 'video_to_video',
			prompt: '={{ $json.p }} in clay',
			model: 'restyle-v2v',
			resolution: '720p',
			sourceVideoField: 'clip',
		},
		items: [4000, 6000, 2500].map((ms, i) => binaryItem({ clip: `mp4:${ms}` }, { p: `v${i}` })),
		// 3 credits a second at 720p
		estimates: [12, 18, 7.5],
		uploads: 3,
	}),
	'podcast from a script': () => ({
		params: {
			resource: 'podcast',
			operation: 'generateFromScript',
			scriptSource: 'json',
			scriptJson: '={{ JSON.stringify($json.script) }}',
		},
		items: [150, 300, 450].map((n) => ({
			json: { script: [{ text: words(n), voice_id: 'voice-ava' }] },
		})),
		estimates: [10, 20, 30],
	}),
	'podcast from a prompt': () => ({
		params: { resource: 'podcast', operation: 'generateFromPrompt', prompt: '={{ $json.p }}' },
		items: ['A 1-minute ad', 'A 2-minute ad', 'A 30-second ad'].map((p) => ({ json: { p } })),
		estimates: [10, 20, 5],
	}),
	'conversation from a prompt': () => ({
		params: {
			resource: 'podcast',
			operation: 'generateConversationFromPrompt',
			prompt: '={{ $json.p }}',
			voiceIds: 'voice-ava, voice-ben',
		},
		items: ['A 3-minute chat', 'A 4-minute chat', 'A 5-minute chat'].map((p) => ({ json: { p } })),
		estimates: [30, 40, 50],
	}),
	'conversation from a script': () => ({
		params: {
			resource: 'podcast',
			operation: 'generateConversationFromScript',
			scriptSource: 'json',
			scriptJson: '={{ JSON.stringify($json.script) }}',
		},
		items: [75, 150, 300].map((n) => ({
			json: {
				script: [
					{ text: words(n), voice_id: 'voice-ava' },
					{ text: words(n), voice_id: 'voice-ben' },
				],
			},
		})),
		estimates: [10, 20, 40],
	}),
});

module.exports = { dryRunKinds, noWait };
