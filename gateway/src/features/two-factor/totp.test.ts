import { normalizeTwoFactorCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@app/shared';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  acceptedTimeStep,
  createSecretBox,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
} from './totp.ts';

const USER = '5d1c4a52-8a4e-4a43-9a39-1c4f2e6b7a10';
const OTHER = '9b0e2f1a-3c4d-4e5f-8a6b-7c8d9e0f1a2b';

describe('the secret box', () => {
  it('opens what it sealed for the same user only, and never holds the secret in clear', () => {
    const box = createSecretBox('key-material-that-is-long-enough-0123456789');
    const secret = newTotpSecret();
    const sealed = box.seal(USER, secret);
    expect(sealed).not.toContain(secret);
    expect(box.seal(USER, secret)).not.toBe(sealed);
    expect(box.open(USER, sealed)).toBe(secret);
    expect(() => box.open(OTHER, sealed)).toThrow();
    expect(() => createSecretBox('another-key-material-that-is-long-enough').open(USER, sealed)).toThrow();
  });
});

describe('codes', () => {
  it('accepts the current code and the steps next to it, never one at or before the last accepted', () => {
    const secret = newTotpSecret();
    const now = Math.floor(Date.now() / 1000);
    const step = acceptedTimeStep(secret, generateSync({ secret, epoch: now }), null);
    expect(step).toBe(Math.floor(now / 30));
    expect(acceptedTimeStep(secret, generateSync({ secret, epoch: now }), step ?? 0)).toBeUndefined();
    expect(acceptedTimeStep(secret, generateSync({ secret, epoch: now + 30 }), step ?? 0)).toBe(
      (step ?? 0) + 1,
    );
    expect(acceptedTimeStep(secret, generateSync({ secret, epoch: now + 300 }), null)).toBeUndefined();
  });

  it('gives ten distinct recovery codes the schema accepts, hashed the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
      expect(normalizeTwoFactorCode(code)).toMatch(RECOVERY_CODE_PATTERN);
      expect(hashRecoveryCode(code.toLowerCase().replaceAll('-', ' '))).toBe(hashRecoveryCode(code));
    }
  });
});
