'use strict';
/**
 * The workflows the queue suite runs: each starts with a production webhook, so that the main
 * enqueues its executions and the workers run them, and splits the request's `items` into one
 * item per entry (n8n's Split Out node: no Code node, so no task runner in the way).
 */
const crypto = require('node:crypto');
const { NODE_TYPE } = require('../../harness/n8n-cli');

/** The node's Options for the suite: a short poll interval suits the fake's short jobs. */
const FAST = { pollIntervalSeconds: 0.5 };

function node(name, type, parameters, extra = {}) {
	return {
		id: crypto.randomUUID(),
		name,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		...extra,
	};
}

function media(name, credential, parameters, extra = {}) {
	return node(name, NODE_TYPE, parameters, {
		credentials: { mediaGenerationApi: credential },
		...extra,
	});
}

/**
 * Webhook -> Items (one per entry of the body's `items`) -> the given nodes, in a chain.
 * @param {object} options
 * @param {string} options.path the webhook's path (POST /webhook/<path>)
 * @param {'lastNode'|'onReceived'} [options.respond] answer when the run ends (with every item of
 *   the last node) or at once
 */
function chain({ name, path, respond = 'lastNode', nodes }) {
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		{
			httpMethod: 'POST',
			path,
			responseMode: respond,
			...(respond === 'lastNode' ? { responseData: 'allEntries' } : {}),
			options: {},
		},
		{ typeVersion: 2, webhookId: crypto.randomUUID() },
	);
	const items = node('Items', 'n8n-nodes-base.splitOut', {
		fieldToSplitOut: 'body.items',
		options: {},
	});
	const all = [webhook, items, ...nodes];
	const connections = {};
	for (let i = 0; i < all.length - 1; i++)
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	all.forEach((n, i) => (n.position = [i * 220, 0]));
	return { name, nodes: all, connections };
}

/** The prompt of the item of Items that an item descends from. */
const PROMPT = "={{ $('Items').item.json.prompt }}";

/** Image, video and podcast jobs for every item, in three nodes one after another. */
function mediaBatch(credential, path) {
	return chain({
		name: `Queue suite: media batch (${path})`,
		path,
		nodes: [
			media('Image', credential, {
				resource: 'image',
				operation: 'generate',
				prompt: PROMPT,
				model: 'flux-pro',
				resolution: '720p',
				options: FAST,
			}),
			media('Video', credential, {
				resource: 'video',
				operation: 'generate',
				mode: 'text',
				prompt: PROMPT,
				model: 'motion-fast',
				resolution: '480p',
				duration: 5,
				options: FAST,
			}),
			media('Podcast', credential, {
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: PROMPT,
				options: FAST,
			}),
		],
	});
}

/** A podcast for every item. */
function podcastBatch(credential, path) {
	return chain({
		name: `Queue suite: podcast batch (${path})`,
		path,
		nodes: [
			media('Podcast', credential, {
				resource: 'podcast',
				operation: 'generateFromPrompt',
				prompt: PROMPT,
				options: FAST,
			}),
		],
	});
}

/** A video for every item; the webhook answers at once (the run goes on without a caller). */
function videoBatch(credential, path, { pollIntervalSeconds = 0.5, respond = 'onReceived' } = {}) {
	return chain({
		name: `Queue suite: video batch (${path})`,
		path,
		respond,
		nodes: [
			media('Video', credential, {
				resource: 'video',
				operation: 'generate',
				mode: 'text',
				prompt: PROMPT,
				model: 'motion-fast',
				resolution: '480p',
				duration: 5,
				options: { pollIntervalSeconds },
			}),
		],
	});
}

/**
 * An image for every item, with Retry On Fail at 3 tries on the node (10 ms apart: n8n reads 0
 * as its default of 1 s); the webhook answers at once.
 */
function retryingImages(credential, path) {
	return chain({
		name: `Queue suite: Retry On Fail (${path})`,
		path,
		respond: 'onReceived',
		nodes: [
			media(
				'Images',
				credential,
				{
					resource: 'image',
					operation: 'generate',
					prompt: PROMPT,
					model: 'sketch-lite',
					options: FAST,
				},
				{ retryOnFail: true, maxTries: 3, waitBetweenTries: 10 },
			),
		],
	});
}

/** Both model listings of the credential's key (the video one once, whatever the item count). */
function listings(credential, path) {
	return chain({
		name: `Queue suite: listings (${path})`,
		path,
		nodes: [
			media(
				'Image Models',
				credential,
				{ resource: 'model', operation: 'listImageModels' },
				{ executeOnce: true },
			),
			media(
				'Video Models',
				credential,
				{ resource: 'model', operation: 'listVideoModels' },
				{ executeOnce: true },
			),
		],
	});
}

module.exports = { mediaBatch, podcastBatch, videoBatch, retryingImages, listings, FAST, node };
