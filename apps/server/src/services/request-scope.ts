import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code that runs for one request may know of it without being handed it. */
interface RequestScope {
  requestId: string;
  userAgent: string | undefined;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * The id of the request this code runs for, if any. The audit recorder reads it here rather than
 * from every caller, so no flow has to carry it along.
 */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** The User-Agent of the request this code runs for (cut to 512 characters), for the audit row. */
export const currentUserAgent = (): string | undefined => requestScope.getStore()?.userAgent;

/** Runs `work` (a route handler, entered by http/request-id.ts) inside the request's scope. */
export const runInRequestScope = (scope: RequestScope, work: () => void) => requestScope.run(scope, work);
