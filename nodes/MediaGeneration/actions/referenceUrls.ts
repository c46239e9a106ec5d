import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { UPLOAD_LIMITS } from '../validation/fileType';
import { parseUrlList } from '../validation/urls';
import { fetchUploadFile } from './upload/fetchUrl';
import type { UploadFile, UploadKind } from './upload/uploadBinary';
import { readParameter } from './itemField';

/**
 * Reference media given by link (http or https): the third way to give a reference input, beside
 * ids and binary fields. Each file is fetched without the API key, checked, and uploaded like a
 * binary field; links come last in the prompt's numbering (@Image 1, …).
 */

/** The links an input gives, and the field they came from (part of References). */
export type UrlReferences = { urls?: string[]; urlsLabel?: string };

function limitsText(kind: UploadKind): string {
	const l = UPLOAD_LIMITS[kind];
	return kind === 'video'
		? `${l.types}, up to ${l.label} and ${UPLOAD_LIMITS.video.seconds} s`
		: `${l.types}, up to ${l.label}`;
}

/** The links field of a list of references (reference images or videos). */
export function urlListField(o: {
	urlsName: string;
	urlsLabel: string;
	kind: UploadKind;
	what: string;
	displayOptions?: IDisplayOptions;
}): INodeProperties {
	return {
		displayName: o.urlsLabel,
		name: o.urlsName,
		type: 'string',
		default: '',
		placeholder: `e.g. https://example.com/${o.kind === 'image' ? 'logo.png' : 'clip.mp4'}`,
		displayOptions: o.displayOptions,
		description: `${o.what} from links (http or https, separated by commas or lines; ${limitsText(o.kind)}), uploaded first, after the IDs and binary fields. Each must serve the file itself; it gets no API key.`,
	};
}

/** One input (a frame, the source video) as the form names and shows it. */
export type SingleInput = {
	name: string;
	label: string;
	kind: UploadKind;
	what: string;
	displayOptions?: IDisplayOptions;
};

/** The link field of a single input. */
export function singleUrlField(o: SingleInput): INodeProperties {
	return {
		displayName: `${o.label} URL`,
		name: `${o.name}Url`,
		type: 'string',
		default: '',
		placeholder: `e.g. https://example.com/${o.kind === 'image' ? 'frame.png' : 'clip.mp4'}`,
		displayOptions: o.displayOptions,
		description: `${o.what}, fetched from this link (http or https; ${limitsText(o.kind)}) and uploaded first. Use one of the ID, the binary field or the link. No API key is sent to the link's host.`,
	};
}

/** An input's ids and binary fields, with the links its links field gives (checked as http(s)). */
export function withUrls(
	ctx: IExecuteFunctions,
	itemIndex: number,
	o: { urlsName: string; urlsLabel: string },
	refs: { ids: string[]; files: string[] },
) {
	const urls = parseUrlList(readParameter(ctx, o.urlsName, itemIndex, ''), o.urlsLabel);
	const count = refs.ids.length + refs.files.length + urls.length;
	return { ...refs, urls, urlsLabel: o.urlsLabel, count };
}

/** Fetches and checks every link, in order, before anything is uploaded. */
export async function fetchUrls(
	ctx: IExecuteFunctions,
	itemIndex: number,
	refs: UrlReferences,
	kind: UploadKind,
): Promise<UploadFile[]> {
	const files: UploadFile[] = [];
	for (const link of refs.urls ?? []) {
		files.push(await fetchUploadFile(ctx, itemIndex, kind, link, refs.urlsLabel ?? 'URL'));
	}
	return files;
}

/** An upload's error, naming the link its file came from. */
export function namingOrigin(file: UploadFile, error: unknown): unknown {
	if (file.origin && error instanceof Error && !error.message.includes(file.origin)) {
		error.message = `${file.origin}: ${error.message}`;
	}
	return error;
}
