import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readInputBinary } from '../../transport/binaryInput';
import { apiRequest } from '../../transport/request';
import { sniffImageType, sniffVideoType, UPLOAD_LIMITS } from '../../validation/fileType';

/** Upload > Image / Video: sends a binary field of the input item, checked by content and size first. */
export function uploadOperation(kind: 'image' | 'video') {
	const operation = kind === 'image' ? 'uploadImage' : 'uploadVideo';
	const limits = UPLOAD_LIMITS[kind];
	const description: INodeProperties[] = [
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			displayOptions: { show: { resource: ['upload'], operation: [operation] } },
			description: `Name of the binary field of the input item that holds the ${kind} (${limits.types}, up to ${limits.label})`,
		},
	];

	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const field = this.getNodeParameter('binaryPropertyName', itemIndex) as string;
		const file = await readInputBinary(this, itemIndex, field);
		const type = kind === 'image' ? sniffImageType(file.data) : sniffVideoType(file.data);
		if (!type) {
			throw new NodeOperationError(
				this.getNode(),
				`Input Binary Field "${field}" is not a ${limits.types} file (checked by its content); allowed: ${limits.types}`,
				{ itemIndex },
			);
		}
		if (file.data.length > limits.bytes) {
			throw new NodeOperationError(
				this.getNode(),
				`Input Binary Field "${field}" is ${(file.data.length / 1048576).toFixed(1)} MB; ${kind} uploads may be at most ${limits.label}`,
				{ itemIndex },
			);
		}
		const fileName = file.fileName || `upload.${type.extension}`;
		const result = await apiRequest<IDataObject>(this, {
			method: 'POST',
			path: `/${kind}/upload`,
			itemIndex,
			timeoutMs: 10 * 60_000,
			body: () => {
				const form = new FormData();
				form.append(kind, new Blob([new Uint8Array(file.data)], { type: type.mimeType }), fileName);
				return form;
			},
		});
		return [{ json: { ...result, file_name: fileName, mime_type: type.mimeType, bytes: file.data.length } }];
	}

	return { description, execute };
}
