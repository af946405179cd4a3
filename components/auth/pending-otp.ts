/** The OTP the sign-in is waiting for: kept by the sign-in form, shown by the (lazily loaded) OTP dialog. */
export interface PendingOtp {
  challengeId: string;
  /** 'email': a code was e-mailed; 'app': the authenticator app's code (or a recovery code) is awaited. */
  method: 'email' | 'app';
  reference: string;
  /** When the code expires, on the browser's clock (now + the server-given lifetime). */
  deadline: number;
}

/** A pending OTP from the server's answer, its lifetime counted from now. */
export function pendingOtp(r: {
  challengeId: string;
  method: 'email' | 'app';
  reference: string;
  expiresInSeconds: number;
}): PendingOtp {
  return {
    challengeId: r.challengeId,
    method: r.method,
    reference: r.reference,
    deadline: Date.now() + r.expiresInSeconds * 1000,
  };
}
