/** GET api/User/GetPasswordExpiry/UserId/{id} (spec §7): days left before the password expires, or 'NA'. */
import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { getPasswordExpiry } from '@/lib/settings/password-expiry';
import { passwordExpiryAnswer } from '@/lib/legacy/answers';

const params = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'The user id must be a positive number.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'The user id must be a positive number.'),
});

export const GET = apiRoute({ response: passwordExpiryAnswer, params }, async ({ actor, params: p }) =>
  getPasswordExpiry(actor, p.id),
);
