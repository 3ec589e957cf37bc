import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../password.js';
import { text } from './input.js';

const passwordInput = text(PASSWORD_MAX_LENGTH * 4);

/**
 * The account center's "Your data" (docs/account-center.md): the person's right of access (a
 * download of everything the hub holds about the account) and of erasure (deletion after a grace
 * period of seven days, which signing in cancels).
 */
export const meDataEndpoints = {
  /** One JSON document of everything held about the account, as a file download. */
  download: '/api/me/data',
  /** POST schedules the deletion; DELETE cancels it; GET says whether one is pending. */
  deletion: '/api/me/deletion',
} as const;

/** A deletion waits this many days; signing in meanwhile cancels it (the page says so). */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
/** An account without a password confirms a deletion by a sign-in at most this many minutes old. */
export const DELETION_FRESH_SIGN_IN_MINUTES = 10;

/** The version of the download's layout; raised when a field changes meaning or goes. */
export const ACCOUNT_DATA_FORMAT = 1;

export const deletionStateSchema = z.object({
  /** When the account will be erased; null when no deletion is pending. */
  dueAt: z.number().int().nullable(),
  requestedAt: z.number().int().nullable(),
  /** An account without a password confirms by a recent sign-in instead. */
  hasPassword: z.boolean(),
});
export type DeletionState = z.infer<typeof deletionStateSchema>;

/** A password, unless the account has none (then a sign-in in the last few minutes confirms it). */
export const deletionRequestSchema = z.object({ password: passwordInput.optional() }).strict();
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
