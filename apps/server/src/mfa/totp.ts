import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@hub/core';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * The authenticator app (RFC 6238) on otplib: a 160-bit Base32 secret, SHA-1, 6 digits, 30 s.
 * A code is accepted for the current time step and one either side (clock drift), and only for a
 * step later than the last one accepted (`afterStep`), so the same code never signs in twice.
 */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI an authenticator app scans: the hub as issuer, the account as label. */
export const otpauthUri = (secret: string, label: string): string =>
  generateURI({
    issuer: TOTP_ISSUER,
    label,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** The QR code of the URI, as an SVG data URL for an <img> (no script, no external request). */
export const qrCodeDataUrl = async (uri: string): Promise<string> => {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

/** The RFC 6238 time step of a moment (milliseconds since the epoch). */
export const timeStepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step a code is right for at `nowMs`, within the window and after `afterStep`;
 * undefined when it is wrong, outside the window or already used.
 */
export const totpStepOf = async (
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | undefined> => {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
};
