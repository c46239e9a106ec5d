import { podcastOperation } from './generate';

/** POST /podcast/convo-mode/ai-scripted */
export const { description, prepare } = podcastOperation({
	operation: 'generateConversationFromPrompt',
	path: '/podcast/convo-mode/ai-scripted',
	scripted: false,
	conversation: true,
});
