import {
  type ApiError,
  apiErrorSchema,
  type DeletionState,
  deletionStateSchema,
  meDataEndpoints,
  toApiError,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const calls = contractCalls(meDataEndpoints);

/** The download as the server sent it: the file's bytes and the name it gave the file. */
export interface DataFile {
  blob: Blob;
  filename: string;
}

const fallbackName = 'account-hub-data.json';

/** The file name in `Content-Disposition: attachment; filename="…"`. */
export const attachmentName = (header: string | null) =>
  /filename="([^"\\/]+)"/.exec(header ?? '')?.[1] ?? fallbackName;

/** A refusal's body as the client's other calls read it; anything else is an 'internal' failure. */
const refusalOf = async (response: Response): Promise<ApiError> => {
  try {
    const parsed = apiErrorSchema.safeParse(await response.json());
    if (parsed.success) {
      const seconds = Number(response.headers.get('Retry-After'));
      return parsed.data.retryAfter === undefined && seconds > 0
        ? { ...parsed.data, retryAfter: seconds }
        : parsed.data;
    }
  } catch (cause) {
    console.warn(`GET ${meDataEndpoints.download}: HTTP ${response.status} is not JSON`, cause);
  }
  return toApiError('internal');
};

/**
 * The whole download, kept as the server's own bytes and file name (not parsed and written
 * again), so the file is exactly what the server answered. A refusal (429, 401) is a value, like
 * every other call's.
 */
const download = async (): Promise<ApiResult<DataFile>> => {
  let response: Response;
  try {
    response = await fetch(meDataEndpoints.download, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (response.ok) {
      const blob = await response.blob();
      return {
        ok: true,
        status: response.status,
        data: { blob, filename: attachmentName(response.headers.get('Content-Disposition')) },
      };
    }
  } catch (cause) {
    console.warn(`GET ${meDataEndpoints.download}: no response from the server`, cause);
    return { ok: false, status: 0, error: toApiError('network.unreachable') };
  }
  return { ok: false, status: response.status, error: await refusalOf(response) };
};

/** The "Your data" page's calls (core's contracts/me-data.ts). */
export const meDataApi = {
  download,
  deletion: (options?: ApiRequestOptions): Promise<ApiResult<DeletionState>> =>
    calls.get('deletion', deletionStateSchema, undefined, options),
  /** Schedules the deletion: `password` unless the account has none (a recent sign-in confirms then). */
  requestDeletion: (password?: string): Promise<ApiResult<DeletionState>> =>
    calls.post('deletion', deletionStateSchema, password === undefined ? {} : { password }),
  cancelDeletion: (): Promise<ApiResult<DeletionState>> => calls.delete('deletion', deletionStateSchema),
};
export type MeDataApi = typeof meDataApi;

/** Hands a downloaded file to the browser as a file to save (the page stays where it is). */
export const saveFile = ({ blob, filename }: DataFile) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the click returns; a little later is safe everywhere.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};
