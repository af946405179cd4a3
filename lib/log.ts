/**
 * Structured JSON logs (pino). Passwords, OTPs, tokens and hashes never reach the log through it (the console mail
 * back-end, lib/mail/console.ts, prints whole e-mails only when no SMTP_URL is set: docs/security.md).
 *
 * A line written within a request carries its `request_id` (lib/request-context.ts), with telemetry on or off; a
 * line written within a traced request or task also carries `trace_id` and `span_id` of the active span
 * (lib/telemetry.ts), so a collector joins it to its trace.
 */
import pino from 'pino';
import { config } from './config';
import { currentRequestId } from './request-context';
import { activeTraceIds } from './telemetry';

let logger: pino.Logger | undefined;

export function log(): pino.Logger {
  logger ??= createLogger(config().LOG_LEVEL);
  return logger;
}

/** The ids a line carries: the request's, and the active span's while telemetry is on. */
function logContext(): Record<string, string> {
  const requestId = currentRequestId();
  const ids = activeTraceIds();
  return requestId ? { request_id: requestId, ...ids } : ids;
}

/** The portal's logger at `level`, writing to `destination` (standard output when none; tests pass a stream). */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: 'jms-portal' },
    mixin: logContext,
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
  };
  return destination ? pino(options, destination) : pino(options);
}
