/**
 * What every hub a test starts runs with unless the test says otherwise: in-process ones
 * (createTestHub, two-hubs.ts) and the built hub of the browser tests (e2e/support/hub.ts).
 *
 * No load shedding. A test machine's two cores are shared with Chromium's renderers and other
 * test files, which take them from the hub for a second at a time; a hub that sheds then answers a
 * test's request with 503 'The service is busy right now', a failure of the machine, not of what
 * the test checks (seen in CI: a sign-up in the browser, right after oidc-provider's first load).
 * http/load-shedding.test.ts turns it on to test it.
 */
export const testHubEnv = { MAX_EVENT_LOOP_DELAY_MS: '0' } as const;
