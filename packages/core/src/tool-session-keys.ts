// Kept apart from tool-session.ts (and free of zod) so a page that only needs the storage keys,
// like the web app's start-up check, does not load the schema library.

/** Spec §3: the browser storage key of the tool session. */
export const TOOL_SESSION_STORAGE_KEY = 'pm_tool_session';
/**
 * Spec §3: "A second storage key holds a tool session cleared on logout or install". The spec does not
 * name it; we call it 'pm_tool_session_prev' (the session kept from before the current one).
 */
export const TOOL_SESSION_SECONDARY_STORAGE_KEY = 'pm_tool_session_prev';
