import { podcastOperation } from './generate';

/** POST /podcast/convo-mode/user-scripted */
export const { description, prepare } = podcastOperation({
	operation: 'generateConversationFromScript',
	path: '/podcast/convo-mode/user-scripted',
	scripted: true,
	conversation: true,
});
