import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class MediaGenerationApi implements ICredentialType {
	name = 'mediaGenerationApi';

	displayName = 'Media Generation API';

	icon: Icon = {
		light: 'file:../icons/mediaGeneration.svg',
		dark: 'file:../icons/mediaGeneration.dark.svg',
	};

	documentationUrl = 'https://docs.wondercraft.ai';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Created in the Wondercraft web app: workspace selector, Workspace Settings, API keys. API access needs a paid plan.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: 'https://api.wondercraft.ai/v1',
			description:
				"Wondercraft's public API. Change it only to go through a proxy or to a test service; it ends in /v1 (http or https). The API key is sent only to this host.",
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-API-KEY': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "")}}',
			url: '/image/models',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key was refused. Copy a key from Workspace Settings > API keys.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The API key was refused: the workspace needs an active paid plan for API access.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'Nothing answered at this Base URL. Check that it ends in /v1.',
				},
			},
		],
	};
}
