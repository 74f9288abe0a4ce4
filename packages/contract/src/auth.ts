import { z } from 'zod';
import { PASSWORD_MAX } from './account';

/** `POST /api/login` (the spec's calls). The username is the phone number. */
export const LoginSchema = z.object({
  username: z.string({ error: 'KEY_INVALID' }).trim().min(1, { error: 'KEY_MISSING' }).max(20),
  password: z.string({ error: 'KEY_INVALID' }).min(1, { error: 'KEY_MISSING' }).max(PASSWORD_MAX),
});
export type Login = z.infer<typeof LoginSchema>;

export const LoginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `POST /api/logout` revokes the session of the token it is called with. */
export const LogoutResponseSchema = z.object({ success: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
