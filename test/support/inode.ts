import type { INode } from 'n8n-workflow';

/** Our node as n8n hands it to NodeApiError: the node an error is raised for. */
export const node: INode = {
	id: '1',
	name: 'Media',
	type: 'n8n-nodes-media-generation.mediaGeneration',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
