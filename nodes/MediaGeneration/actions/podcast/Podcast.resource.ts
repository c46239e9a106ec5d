import type { INodeProperties } from 'n8n-workflow';

import * as check from './check.operation';
import * as download from './download.operation';
import * as generateConversationFromPrompt from './generateConversationFromPrompt.operation';
import * as generateConversationFromScript from './generateConversationFromScript.operation';
import * as generateFromPrompt from './generateFromPrompt.operation';
import * as generateFromScript from './generateFromScript.operation';
import * as get from './get.operation';

export const operations = {
	check,
	generateFromPrompt,
	generateFromScript,
	generateConversationFromPrompt,
	generateConversationFromScript,
	get,
	download,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['podcast'] } },
		options: [
			{
				name: 'Check',
				value: 'check',
				action: 'Check a podcast job and output its audio once finished',
				description:
					'Look at audio jobs once: finished ones leave by Done with their MP3, running ones by Running (loop them through a Wait node)',
			},
			{
				name: 'Download',
				value: 'download',
				action: 'Download the audio of a podcast job',
				description:
					'Fetch a fresh link for a finished audio job and output the MP3 as binary data',
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
				description:
					"Read an audio job's state and, once finished, its script and a fresh MP3 link",
			},
		],
		default: 'generateFromPrompt',
	},
	...generateFromPrompt.description,
	...generateFromScript.description,
	...generateConversationFromPrompt.description,
	...generateConversationFromScript.description,
	...get.description,
	...download.description,
	...check.description,
];
