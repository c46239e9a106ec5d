import { podcastOperation } from './generate';

/** POST /podcast */
export const { description, prepare } = podcastOperation({
	operation: 'generateFromPrompt',
	path: '/podcast',
	scripted: false,
	conversation: false,
});
