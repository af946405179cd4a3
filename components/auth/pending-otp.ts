/** The OTP the sign-in is waiting for: kept by the sign-in form, shown by the (lazily loaded) OTP dialog. */
export interface PendingOtp {
  challengeId: string;
  reference: string;
  /** When the code expires, on the browser's clock (now + the server-given lifetime). */
  deadline: number;
}

/** A pending OTP from the server's answer, its lifetime counted from now. */
export function pendingOtp(r: {
  challengeId: string;
  reference: string;
  expiresInSeconds: number;
}): PendingOtp {
  return {
    challengeId: r.challengeId,
    reference: r.reference,
    deadline: Date.now() + r.expiresInSeconds * 1000,
  };
}
