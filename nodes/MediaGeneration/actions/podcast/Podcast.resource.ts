import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkJobsOperation } from '../jobs/check.operation';
import { downloadJobOperation } from '../jobs/download.operation';
import { getJobOperation } from '../jobs/get.operation';
import type { Operation } from '../operation.types';
import { resourceFields } from '../resourceFields';
import { podcastOperation } from './generate.operation';

/** Podcast > …: every operation of the resource; the four generates are the service's four audio intents. */
export const operations = {
	check: checkJobsOperation('podcast'),
	download: downloadJobOperation('podcast'),
	/** POST /podcast/convo-mode/ai-scripted (spec 4.11) */
	generateConversationFromPrompt: podcastOperation({
		path: '/podcast/convo-mode/ai-scripted',
		scripted: false,
		conversation: true,
	}),
	/** POST /podcast/convo-mode/user-scripted (spec 4.12) */
	generateConversationFromScript: podcastOperation({
		path: '/podcast/convo-mode/user-scripted',
		scripted: true,
		conversation: true,
	}),
	/** POST /podcast (spec 4.9) */
	generateFromPrompt: podcastOperation({ path: '/podcast', scripted: false, conversation: false }),
	/** POST /podcast/scripted (spec 4.10) */
	generateFromScript: podcastOperation({
		path: '/podcast/scripted',
		scripted: true,
		conversation: false,
	}),
	get: getJobOperation('podcast'),
} satisfies Record<string, Operation>;

/** The Operation selector's choices, alphabetical as n8n lists them. */
const choices: INodePropertyOptions[] = [
	{
		name: 'Check',
		value: 'check',
		action: 'Check a podcast job and output its audio once finished',
		description:
			'Poll audio jobs once: finished ones leave by Done with their MP3, running ones by Running (loop them through a Wait node)',
	},
	{
		name: 'Download',
		value: 'download',
		action: 'Download the audio of a podcast job',
		description: 'Fetch a fresh link for a finished audio job and output the MP3 as binary data',
	},
	{
		name: 'Generate Conversation From Prompt',
		value: 'generateConversationFromPrompt',
		action: 'Generate a two host conversation from a prompt',
		description:
			'A two-host conversational podcast whose script the service writes from your prompt',
	},
	{
		name: 'Generate Conversation From Script',
		value: 'generateConversationFromScript',
		action: 'Generate a two host conversation from a script',
		description:
			'A two-host conversational podcast spoken from your own script (two voices taking turns)',
	},
	{
		name: 'Generate From Prompt',
		value: 'generateFromPrompt',
		action: 'Generate audio from a prompt',
		description:
			'Any audio (ad, podcast with any number of speakers, meditation, audiobook) whose script the service writes from your prompt',
	},
	{
		name: 'Generate From Script',
		value: 'generateFromScript',
		action: 'Generate audio from a script',
		description: 'Any audio spoken from your own script, segment by segment, with any voices',
	},
	{
		name: 'Get',
		value: 'get',
		action: 'Get a podcast job',
		description: "Read an audio job's state and, once finished, its script and a fresh MP3 link",
	},
];

export const description: INodeProperties[] = resourceFields(
	'podcast',
	{ choices, first: 'generateFromPrompt' },
	operations,
);
