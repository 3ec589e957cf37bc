import { type MeSummary, type SecondFactorStatus, type SecurityOverview, toApiError } from '@hub/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TwoStepPanel } from './TwoStepPanel';

/**
 * The panel against a stand-in of the server's answers (the browser's fetch): the real journey is
 * e2e/account-two-step.test.ts. Each request is recorded with its body.
 */
type Answer = { status: number; body: unknown };
const off: SecondFactorStatus = {
  methods: [],
  totp: { enrolled: false, confirmedAt: null },
  recoveryCodes: { remaining: 0 },
};
const on: SecondFactorStatus = {
  methods: ['totp', 'recovery'],
  totp: { enrolled: true, confirmedAt: Date.UTC(2026, 10, 20) },
  recoveryCodes: { remaining: 2 },
};
const codes = [
  'abcde-fgh23',
  'bcdef-ghj34',
  'cdefg-hjk45',
  'defgh-jkm56',
  'efghj-kmn67',
  'fghjk-mnp78',
  'ghjkm-npq89',
  'hjkmn-pqr90',
  'jkmnp-qrs02',
  'kmnpq-rst23',
];

let answers: Record<string, Answer[]>;
let requests: Array<{ key: string; body: unknown }>;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    requests.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[key]?.shift();
    if (!answer) throw new Error(`no answer left for ${key}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

const overview: SecurityOverview = {
  email: 'ana@example.ph',
  hasPassword: true,
  passwordChangedAt: null,
  linked: [],
  available: [],
  signInMethods: 1,
};

const renderPanel = () => {
  const notify = vi.fn();
  render(<TwoStepPanel me={{} as MeSummary} overview={overview} changed={() => {}} notify={notify} />);
  return { notify };
};

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

describe('TwoStepPanel', () => {
  it('sets up the app: the key in groups, a wrong code under the boxes, then the codes shown once', async () => {
    answers = {
      'GET /api/me/second-factors': [{ status: 200, body: off }],
      'GET /api/me/passkeys': [{ status: 200, body: { passkeys: [], removingLastNeedsPassword: true } }],
      'POST /api/me/second-factors/totp': [
        {
          status: 200,
          body: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            otpauthUri: 'otpauth://totp/x',
            qrCode: 'data:image/svg+xml,',
          },
        },
      ],
      'POST /api/me/second-factors/totp/confirm': [
        { status: 400, body: toApiError('second_factor.code_incorrect', { field: 'code' }) },
        { status: 200, body: { status: on, recoveryCodes: codes } },
      ],
    };
    const { notify } = renderPanel();
    const user = userEvent.setup();
    await screen.findByText('Off');
    expect(screen.getByText('None')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    // Focus moves to the step's heading, so a screen reader starts there.
    expect(document.activeElement?.tagName).toBe('H4');

    await user.click(box(1));
    await user.keyboard('123456{Enter}');
    await screen.findByRole('alert');
    expect(requests.at(-1)).toEqual({
      key: 'POST /api/me/second-factors/totp/confirm',
      body: { code: '123456' },
    });
    expect(document.activeElement).toBe(box(1));

    await user.keyboard('654321{Enter}');
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(notify).toHaveBeenCalledWith(
      'Two-step sign-in is on. We’ll ask for a code from your app when you sign in.',
    );
    expect(screen.getByText(/^On since /)).toBeTruthy();
    expect(screen.getByText('2 of 10 left. Make new ones soon.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I’ve saved them' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('New recovery codes'));
  });

  it('turns the app off with the password, the last second factor; a wrong one is said under the field', async () => {
    answers = {
      'GET /api/me/second-factors': [{ status: 200, body: on }],
      'GET /api/me/passkeys': [{ status: 500, body: toApiError('internal') }],
      'DELETE /api/me/second-factors/totp': [
        { status: 400, body: toApiError('password.incorrect', { field: 'password' }) },
        { status: 200, body: off },
      ],
    };
    const { notify } = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const password = screen.getByLabelText(/^Password/);
    expect(document.activeElement).toBe(password);

    await user.keyboard('{Enter}');
    expect(requests.filter((r) => r.key.startsWith('DELETE'))).toEqual([]);
    await user.keyboard('wrong-one{Enter}');
    await screen.findByText('Incorrect password.');
    await user.clear(password);
    await user.keyboard('Mabuhay-Hub-2026!{Enter}');
    await screen.findByText('Off');
    expect(requests.filter((r) => r.key.startsWith('DELETE')).map((r) => r.body)).toEqual([
      { password: 'wrong-one' },
      { password: 'Mabuhay-Hub-2026!' },
    ]);
    expect(notify).toHaveBeenCalledWith('Two-step sign-in is off. You sign in with your password alone.');
    // Without the passkeys' answer the panel leaves their count out rather than guess.
    expect(screen.queryByText('Passkeys:')).toBeNull();
  });
});
