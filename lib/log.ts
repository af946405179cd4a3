/**
 * Structured JSON logs (pino). Passwords, OTPs, tokens and hashes never reach the log through it (the console mail
 * back-end, lib/mail/console.ts, prints whole e-mails only when no SMTP_URL is set: docs/security.md).
 */
import pino from 'pino';
import { config } from './config';

let logger: pino.Logger | undefined;

export function log(): pino.Logger {
  logger ??= pino({
    level: config().LOG_LEVEL,
    base: { app: 'jms-portal' },
    redact: {
      paths: [
        'password',
        '*.password',
        '*.Password',
        '*.NewPassword',
        '*.ConfirmPassword',
        '*.OTP',
        '*.otp',
        'otp',
        'token',
        '*.token',
        '*.jwtToken',
        '*.Secret',
        '*.secret',
        '*.Code',
        '*.RecoveryCodes',
        '*.recoveryCodes',
        '*.QrCode',
        '*.OtpAuthUri',
        'authorization',
        '*.authorization',
        'headers.cookie',
        '*.passwordHash',
        '*.codeHash',
        '*.tokenHash',
      ],
      censor: '[redacted]',
    },
  });
  return logger;
}
