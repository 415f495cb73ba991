import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { LIMITS } from '../../../shared/api/constants';
import { echoValue } from '../../../shared/api/echo-value';
import type { Store } from '../context';
import { fetchUrl } from '../files/fetch-url';
import { ownFileForUrl } from '../files/own-file-url';
import type { PublishedFile } from './job-view';
import { decodeInlineFile } from './inline-file';

export interface JobInput {
  data: Uint8Array;
  name: string | null;
}

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

/**
 * The bytes of a job's input from whichever source the request named: an inline base64 field,
 * a URL fetched now (so the job never depends on the remote server later), or the model produced
 * by an earlier job of the same account.
 */
export interface UrlOptions {
  /** Let URLs reach loopback and private networks (`serve --allow-private-urls`). */
  allowPrivateUrls?: boolean;
}

export async function resolveJobInput(store: Store, accountId: string, src: InputSources, fields: InputFields, urls: UrlOptions = {}): Promise<JobInput> {
  if (src.base64 !== undefined) {
    return { data: decodeInlineFile(fields.base64, src.base64, LIMITS.inlineFileBytes, fields.url), name: src.filename ?? null };
  }
  if (src.url !== undefined) {
    const own = ownFileForUrl(store, src.url);
    if (own) return { data: new Uint8Array(store.blobs.read(own.sha256)), name: src.filename ?? own.filename };
    const fetched = await fetchUrl(fields.url, src.url, {
      maxBytes: LIMITS.urlFileBytes,
      timeoutMs: LIMITS.urlTimeoutMs,
      maxRedirects: LIMITS.urlMaxRedirects,
      allowPrivate: urls.allowPrivateUrls,
    });
    return { data: fetched.data, name: src.filename ?? fetched.filename };
  }
  if (src.fromJob !== undefined && fields.fromJob) return fromJobOutput(store, accountId, src.fromJob, fields.fromJob);
  throw invalidRequest('No input given.');
}

function fromJobOutput(store: Store, accountId: string, jobId: string, field: string): JobInput {
  const job = store.jobs.get(jobId);
  // Another account's job is reported exactly like a missing one: ids are not probeable.
  if (!job || job.account_id !== accountId) throw invalidRequest(`${field}: no job with id '${echoValue(jobId)}' in this account`);
  if (job.state !== 'succeeded') {
    throw invalidRequest(`${field}: job '${jobId}' is ${job.state}; only a job that has succeeded can be used as input`);
  }
  const files = (JSON.parse(job.output ?? '{"files":[]}') as { files: PublishedFile[] }).files;
  const model = files.find((f) => f.role === 'model');
  const row = model && store.files.get(model.token);
  if (!row || !store.blobs.has(row.sha256)) {
    throw new ApiError('internal_error', `${field}: the model file of job '${jobId}' is missing from the data folder`);
  }
  return { data: store.blobs.read(row.sha256), name: row.filename };
}
