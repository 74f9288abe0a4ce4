import { z } from 'zod';
import {
  type AutoLoginProvider,
  autoLoginProviders,
  autoLoginWithPassword,
  type GameProviderCode,
  gameCategories,
  gameProviderCodes,
} from './constants';
import { MoneyOutSchema } from './money';

/**
 * Game providers and game accounts (the spec's screens, entities, states and calls).
 * A member has at most one account per provider ("slot"); it starts inactive and an
 * activate call opens it at the provider.
 */

/** A provider code in a body (transfers): exact, as listed in the spec's entities. */
export const GameProviderCodeSchema = z.enum(gameProviderCodes, { error: 'NO_GAME' });

/**
 * A provider code in a path (`/api/wallet/activate/{game}`): case-insensitive, because
 * The spec writes the auto-login providers in lower case and links get typed by hand.
 * An unknown code is `404 NO_GAME`.
 */
export const GameCodeParamSchema = z
  .string({ error: 'NO_GAME' })
  .trim()
  .toUpperCase()
  .pipe(GameProviderCodeSchema);

export const GameParamsSchema = z.object({ game: GameCodeParamSchema });
export type GameParams = z.infer<typeof GameParamsSchema>;

export const GameCategorySchema = z.enum(gameCategories);

/**
 * A member's game account as the wallet lists it (the spec's entities, "slot").
 * `amount` is the balance at the provider, `isActive` whether the account has been opened.
 * `maintenance`: the operator has put the provider into maintenance (issue 33); the app shows
 * it as such, and activation, play and transfers are refused with GAME_MAINTENANCE meanwhile.
 */
export const SlotSchema = z.object({
  code: GameProviderCodeSchema,
  name: z.string(),
  logo: z.string(),
  amount: MoneyOutSchema,
  isActive: z.boolean(),
  category: GameCategorySchema,
  maintenance: z.boolean(),
});
export type Slot = z.infer<typeof SlotSchema>;

/**
 * Game entry (the spec's entities): how a game is opened. Each link may be missing (null):
 * the game-account modal hides the matching button.
 */
export const GameEntrySchema = z.object({
  name: z.string(),
  code: GameProviderCodeSchema,
  isActive: z.boolean(),
  background: z.string(),
  logo: z.string(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
});
export type GameEntry = z.infer<typeof GameEntrySchema>;

export const GameCredentialsSchema = z.object({ username: z.string(), password: z.string() });
export type GameCredentials = z.infer<typeof GameCredentialsSchema>;

/**
 * `GET /api/wallet/account/{game}`: the credentials of the spec, plus the game entry, because
 * the modal shows the credentials and the play links together and the spec names no other call
 * that returns the links. An account not yet activated is `404 SLOT_NO_ACCOUNT`.
 */
export const GameAccountResponseSchema = GameCredentialsSchema.extend({ game: GameEntrySchema });
export type GameAccountResponse = z.infer<typeof GameAccountResponseSchema>;

/**
 * `GET /api/wallet/activate/{game}`: the account is open; the client then loads the
 * credentials (the spec's states). The updated slot lets the carousel change at once.
 */
export const ActivateGameResponseSchema = z.object({
  success: z.literal(true),
  slot: SlotSchema,
});
export type ActivateGameResponse = z.infer<typeof ActivateGameResponseSchema>;

/** `GET /api/wallet/resetpassword/{game}`: the client reloads the credentials afterwards. */
export const ResetGamePasswordResponseSchema = z.object({ success: z.literal(true) });
export type ResetGamePasswordResponse = z.infer<typeof ResetGamePasswordResponseSchema>;

/**
 * Game account form (the spec's entities): the credentials shown in the modal and the action
 * (`event`) the member took. The spec names the field only; the actions are those of the
 * game-account modal in section 2.
 */
export const gameAccountEvents = ['activate', 'resetPassword', 'play'] as const;
export type GameAccountEvent = (typeof gameAccountEvents)[number];
export const GameAccountFormSchema = z.object({
  username: z.string({ error: 'KEY_INVALID' }),
  password: z.string({ error: 'KEY_INVALID' }),
  event: z.enum(gameAccountEvents, { error: 'KEY_INVALID' }),
});
export type GameAccountForm = z.infer<typeof GameAccountFormSchema>;

/**
 * The spec's validation rules: before play, funds go to the game only for an amount above 0; otherwise
 * play proceeds without a transfer. Answers the amount to transfer, or null for none.
 */
export function playTransferAmount(amount: number | null | undefined): number | null {
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : null;
}

// Auto-login (the spec's calls): GET /api/autoLogin/{provider}/{username}[/{password}].

export const AutoLoginProviderSchema = z
  .string({ error: 'NO_GAME' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(autoLoginProviders, { error: 'NO_GAME' }));

export function needsAutoLoginPassword(provider: AutoLoginProvider): boolean {
  return autoLoginWithPassword.includes(provider);
}

const CredentialSegmentSchema = z
  .string({ error: 'KEY_INVALID' })
  .min(1, { error: 'KEY_MISSING' })
  .max(128, { error: 'KEY_INVALID' });

/** Path parameters; the password segment is required exactly for the providers that take one. */
export const AutoLoginParamsSchema = z
  .object({
    provider: AutoLoginProviderSchema,
    username: CredentialSegmentSchema,
    password: CredentialSegmentSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (needsAutoLoginPassword(value.provider) && value.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'KEY_MISSING' });
    }
  });
export type AutoLoginParams = z.infer<typeof AutoLoginParamsSchema>;

/** `link` opens the game already signed in. */
export const AutoLoginResponseSchema = z.object({ link: z.string() });
export type AutoLoginResponse = z.infer<typeof AutoLoginResponseSchema>;

/** The auto-login provider of a game code, or null when the game has no auto-login. */
export function autoLoginProviderOf(code: GameProviderCode): AutoLoginProvider | null {
  const lower = code.toLowerCase();
  return (autoLoginProviders as readonly string[]).includes(lower)
    ? (lower as AutoLoginProvider)
    : null;
}

/** The path of the auto-login call; the password is added only for providers that take one. */
export function autoLoginPath(
  provider: AutoLoginProvider,
  credentials: GameCredentials,
): `/api/autoLogin/${string}` {
  const segments = [provider, credentials.username];
  if (needsAutoLoginPassword(provider)) segments.push(credentials.password);
  return `/api/autoLogin/${segments.map(encodeURIComponent).join('/')}`;
}
