import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { priorTriesOf } from '../../engine/batch/nodeMemory';
import { dryUploadAnswer } from '../cost/dryUpload';
import { isDryRun } from '../cost/runOptions';
import { inputBinary, type InputBinary } from '../../transport/binaryInput';
import { HOLD_MS, RETRY_HOLD_MS, StreamedForm } from '../../transport/multipart';
import { apiRequest } from '../../transport/request';
import {
	sniffImageType,
	sniffVideoType,
	UPLOAD_LIMITS,
	type ImageType,
	type VideoType,
} from '../../validation/fileType';
import { InputError } from '../../validation/inputError';

export type UploadKind = 'image' | 'video';
export type UploadFile = {
	kind: UploadKind;
	field: string;
	source: InputBinary;
	fileName: string;
	type: ImageType | VideoType;
	/** where a file fetched from a link came from ("Start Frame URL https://…"), for errors */
	origin?: string;
};

/**
 * Looks at a binary field of the input item for an upload and checks it first: the type by its
 * content (never by name or declared MIME type) and the size against the service's limit. The
 * file itself is not read here: it streams from n8n's binary storage when it is sent.
 * `label` names the field in errors (the input field, or the reference field it came from).
 */
export async function readUploadFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: UploadKind,
	field: string,
	label = 'Input Binary Field',
): Promise<UploadFile> {
	const limits = UPLOAD_LIMITS[kind];
	const source = await inputBinary(ctx, itemIndex, field, label);
	if (source.size === 0) {
		throw new InputError(`${label} "${field}" is empty (0 bytes); allowed: ${limits.types}`);
	}
	const type = kind === 'image' ? sniffImageType(source.head) : sniffVideoType(source.head);
	if (!type) {
		throw new InputError(
			`${label} "${field}" is not a ${limits.types} file (checked by its content); allowed: ${limits.types}`,
		);
	}
	if (source.size > limits.bytes) {
		throw new InputError(
			`${label} "${field}" is ${(source.size / 1048576).toFixed(1)} MB; ${kind} uploads may be at most ${limits.label}`,
		);
	}
	return {
		kind,
		field,
		source,
		type,
		fileName: source.fileName || `upload.${type.extension}`,
	};
}

/**
 * Sends a checked file to POST /image/upload or /video/upload; returns the service's answer.
 * The body is streamed (see StreamedForm), built anew for every try; a try after the first waits
 * longer for an early answer before a large body (RETRY_HOLD_MS). Uploads are free (spec 8), so
 * unlike a create an upload may be sent again after a network error or a 5xx.
 *
 * A file an earlier try of this node run uploaded (Retry On Fail) is not sent again: its id is
 * reused, so that the create request that names it is the same and takes up the same job.
 */
export async function sendUpload(
	ctx: IExecuteFunctions,
	itemIndex: number,
	file: UploadFile,
): Promise<IDataObject> {
	// the one place a file is sent: a dry run checks it and sends nothing
	if (isDryRun(ctx)) return await dryUploadAnswer(file);
	const prior = priorTriesOf(ctx);
	const source = { kind: file.kind, field: file.field, size: file.source.size };
	const known = prior.upload(itemIndex, source);
	if (known) return known;
	const answer = await upload(ctx, itemIndex, file);
	prior.uploaded(itemIndex, source, answer);
	return answer;
}

async function upload(ctx: IExecuteFunctions, itemIndex: number, file: UploadFile) {
	let tries = 0;
	return await apiRequest<IDataObject>(ctx, {
		method: 'POST',
		path: `/${file.kind}/upload`,
		itemIndex,
		intent: 'upload',
		body: () => {
			const form = new StreamedForm(tries++ ? RETRY_HOLD_MS : HOLD_MS);
			form.append(file.kind, {
				fileName: file.fileName,
				mimeType: file.type.mimeType,
				size: file.source.size,
				open: file.source.open,
				wrongSize: file.source.wrongSize,
			});
			return form;
		},
	});
}
