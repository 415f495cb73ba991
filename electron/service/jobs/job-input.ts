import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { LIMITS } from '../../../shared/api/constants';
import { echoValue } from '../../../shared/api/echo-value';
import { readFileSync } from 'node:fs';
import { fileSource, memorySource, type FileSource } from '../../../shared/mesh/byte-source';
import { MeshFormatError } from '../../../shared/mesh/errors';
import { probeModel } from '../../../shared/mesh/probe-model';
import type { Store } from '../context';
import type { DownloadSlots } from '../files/download-slots';
import { fetchUrl, type Fetched } from '../files/fetch-url';
import { ownFileForUrl } from '../files/own-file-url';
import { uploadForUrl } from '../files/uploads';
import type { StagedBlob } from '../files/staged-blob';
import type { PublishedFile } from './job-view';
import { decodeInlineFile } from './inline-file';
import type { NewJob } from './submit-job';

/**
 * A job's input: inline bytes (at most 10 MB), a blob already stored (own file URL, `from_job`),
 * or a download staged in the blob folder. Files on disk are never read whole by the service:
 * the probe reads what it checks through `openInput`, the worker reads the blob itself.
 */
export type JobInput = { name: string | null } & ({ data: Uint8Array } | { sha256: string } | { staged: StagedBlob });

export interface InputSources {
  url?: string;
  base64?: string;
  fromJob?: string;
  filename?: string;
}

export interface InputFields {
  url: string;
  base64: string;
  fromJob?: string;
}

export interface UrlOptions {
  /** Let URLs reach loopback and private networks (`serve --allow-private-urls`). */
  allowPrivateUrls?: boolean;
  /** Bounds concurrent downloads per account and overall. */
  downloads: DownloadSlots;
  /** Now, for upload expiry (default Date.now). */
  clock?: () => number;
}

/**
 * The input from whichever source the request named: an inline base64 field, a URL fetched now
 * (so the job never depends on the remote server later), or the model produced by an earlier job
 * of the same account.
 */
export async function resolveJobInput(store: Store, accountId: string, src: InputSources, fields: InputFields, urls: UrlOptions): Promise<JobInput> {
  if (src.base64 !== undefined) {
    return { data: decodeInlineFile(fields.base64, src.base64, LIMITS.inlineFileBytes, fields.url), name: src.filename ?? null };
  }
  if (src.url !== undefined) {
    const upload = await uploadForUrl(store, accountId, fields.url, src.url, (urls.clock ?? Date.now)());
    if (upload) return { sha256: upload.sha256, name: src.filename ?? upload.filename };
    const own = await ownFileForUrl(store, src.url);
    if (own) return { sha256: own.sha256, name: src.filename ?? own.filename };
    const fetched = await downloadUrl(store, accountId, fields.url, src.url, urls);
    return { staged: fetched.blob, name: src.filename ?? fetched.filename };
  }
  if (src.fromJob !== undefined && fields.fromJob) return fromJobOutput(store, accountId, src.fromJob, fields.fromJob);
  throw invalidRequest('No input given.');
}

/** Fetches a user URL into a staged blob, holding one of the account's download slots meanwhile. */
export async function downloadUrl(store: Store, accountId: string, field: string, url: string, urls: UrlOptions): Promise<Fetched> {
  const release = urls.downloads.take(accountId);
  try {
    return await fetchUrl(field, url, {
      maxBytes: LIMITS.urlFileBytes,
      timeoutMs: LIMITS.urlTimeoutMs,
      maxRedirects: LIMITS.urlMaxRedirects,
      allowPrivate: urls.allowPrivateUrls,
    }, store.blobs);
  } finally {
    release();
  }
}

/** Random access to the input for the submission-time probe; close it after. */
export function openInput(store: Store, input: JobInput): FileSource {
  if ('data' in input) return { ...memorySource(input.data), close: () => {} };
  return fileSource('staged' in input ? input.staged.path : store.blobs.pathOf(input.sha256));
}

/**
 * The submission-time probe of a model input: 400 `unsupported_format` naming what is wrong. The API
 * receives one file, so a glTF buffer kept in a separate file can never be read.
 */
export function probeInputModel(store: Store, input: JobInput): void {
  const source = openInput(store, input);
  try {
    probeModel(source, input.name, { embeddedBuffersOnly: true });
  } catch (err) {
    if (err instanceof MeshFormatError) throw new ApiError('unsupported_format', err.message);
    throw err;
  } finally {
    source.close();
  }
}

/** The whole input in memory (for the bounded pre-check only; jobs read their blob in the worker). */
export function inputBytes(store: Store, input: JobInput): Uint8Array {
  if ('data' in input) return input.data;
  return readFileSync('staged' in input ? input.staged.path : store.blobs.pathOf(input.sha256));
}

/** The input as submitJob stores it: a staged download is moved to its content address now. */
export function storedInput(input: JobInput): NewJob['input'] {
  if ('staged' in input) return { sha256: input.staged.commit(), name: input.name };
  return input;
}

/** Removes a download that was not accepted (nothing once it was stored). */
export function discardInput(input: JobInput): void {
  if ('staged' in input) input.staged.discard();
}

async function fromJobOutput(store: Store, accountId: string, jobId: string, field: string): Promise<JobInput> {
  const job = await store.jobs.get(jobId);
  // Another account's job is reported exactly like a missing one: ids are not probeable.
  if (!job || job.account_id !== accountId) throw invalidRequest(`${field}: no job with id '${echoValue(jobId)}' in this account`);
  if (job.state !== 'succeeded') {
    throw invalidRequest(`${field}: job '${jobId}' is ${job.state}; only a job that has succeeded can be used as input`);
  }
  const files = (JSON.parse(job.output ?? '{"files":[]}') as { files: PublishedFile[] }).files;
  const model = files.find((f) => f.role === 'model');
  const row = model && (await store.files.get(model.token));
  if (!row || !store.blobs.has(row.sha256)) {
    throw new ApiError('internal_error', `${field}: the model file of job '${jobId}' is missing from the data folder`);
  }
  return { sha256: row.sha256, name: row.filename };
}
