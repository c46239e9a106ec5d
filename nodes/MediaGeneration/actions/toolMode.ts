import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Whether the node runs as an AI agent's tool. n8n names the tool variant of a node after the
 * node with "Tool" appended (n8n's convertNodeToAiTool), and newer releases also say so through
 * isToolExecution. An agent receives only the JSON of a tool's output, never its binary data, so
 * in tool mode the node outputs links to the files instead of downloading them.
 */
export function inToolMode(ctx: IExecuteFunctions): boolean {
	if (ctx.getNode().type.endsWith('Tool')) return true;
	const asks = (ctx as { isToolExecution?: () => boolean }).isToolExecution;
	return typeof asks === 'function' && asks.call(ctx) === true;
}

/**
 * What the agent is told about the tool, shown only in the tool variant (`@tool`). With a field of
 * this name n8n adds no description of its own, whose automatic text ("Generate images in Media
 * Generation") would not say that the agent gets links, not files.
 */
export const toolDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'toolDescription',
	type: 'string',
	default:
		"Makes media with Wondercraft's API (an image, a video or audio, as this tool is set up) and waits until it is done. Returns JSON only: job_id, status and the job's details, with links to the finished files (url, or images[].url) that stay valid for 24 hours; the files themselves are not returned, so pass the links on.",
	required: true,
	typeOptions: { rows: 3 },
	displayOptions: { show: { '@tool': [true] } },
	description:
		'What the AI agent is told about this tool. Say what it makes and which fields the agent fills; the default says what the agent receives.',
};
