import { secondFactorTexts as texts } from '@hub/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecondFactorStep } from './SecondFactorStep';

const step = (methods: Parameters<typeof SecondFactorStep>[0]['methods']) =>
  render(<SecondFactorStep flowId="f1" methods={methods} onVerified={() => {}} onRestart={() => {}} />);

describe('SecondFactorStep and passkeys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the passkey when it is the only second factor, in a browser with WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    step(['recovery', 'passkey']);
    expect(screen.getByText(texts.passkeyPrompt)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.usePasskey })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.useRecovery })).toBeTruthy();
  });

  it('opens on the authenticator app beside a passkey, which is one switch away', () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    step(['totp', 'recovery', 'passkey']);
    expect(screen.getByText(texts.totpPrompt)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.usePasskey })).toBeTruthy();
  });

  it('hides the passkey in a browser without WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    step(['recovery', 'passkey']);
    expect(screen.getByText(texts.recoveryPrompt)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.usePasskey })).toBeNull();
  });

  it('says so when the passkey was the only way and the browser cannot use it', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    step(['passkey']);
    expect(screen.getByText(texts.passkeyUnsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.submit })).toBeNull();
  });
});
