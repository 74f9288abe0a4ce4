import { fromMinor, toMinor } from '@wallet/contract/money';
import {
  SandboxFaultResponseSchema,
  SandboxFaultSchema,
  SandboxGameRoundParamsSchema,
  SandboxGameRoundResponseSchema,
  SandboxGameRoundSchema,
  SandboxSettleResponseSchema,
  SandboxSettleSchema,
} from '@wallet/contract/sandbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { GameProviders } from '../../providers/games/game-providers';
import { SandboxGameProvider } from '../../providers/games/sandbox-game-provider';
import type { SandboxFaults } from '../../providers/sandbox-faults';
import type { GamesService } from '../games/games.service';
import type { WithdrawalService } from '../wallet/withdrawal.service';

export type SandboxGamesDeps = {
  db: Db;
  faults: SandboxFaults;
  providers: GameProviders;
  games: GamesService;
  withdrawals: WithdrawalService;
};

function sandboxProvider(providers: GameProviders, code: string): SandboxGameProvider {
  const provider = providers.get(code);
  if (!(provider instanceof SandboxGameProvider)) throw new DomainError('NO_GAME');
  return provider;
}

/** Under /api/sandbox: the outside world's controls (the API contract's sandbox). */
export const sandboxGamesRoutes: FastifyPluginAsyncZod<SandboxGamesDeps> = async (app, deps) => {
  const config = { allowWhenTerminated: true };

  app.post(
    '/faults',
    {
      schema: {
        body: SandboxFaultSchema,
        response: { 200: SandboxFaultResponseSchema, ...errorResponses },
      },
      config,
    },
    async (r) => {
      await deps.faults.set(r.body.target, r.body.mode);
      return r.body;
    },
  );

  app.post(
    '/games/:code/round',
    {
      onRequest: app.authenticate,
      schema: {
        params: SandboxGameRoundParamsSchema,
        body: SandboxGameRoundSchema,
        response: { 200: SandboxGameRoundResponseSchema, ...errorResponses },
      },
    },
    async (r) => {
      const { code } = r.params;
      const account = await deps.games.account(authOf(r).memberId, code);
      const provider = sandboxProvider(deps.providers, code);
      const balance = await provider.playRound(
        account.username,
        toMinor(r.body.bet),
        toMinor(r.body.win),
        r.body.playedAt ? new Date(r.body.playedAt) : new Date(),
      );
      return { code, amount: fromMinor(balance) };
    },
  );

  app.post(
    '/withdrawals/settle',
    {
      schema: {
        body: SandboxSettleSchema,
        response: { 200: SandboxSettleResponseSchema, ...errorResponses },
      },
      config,
    },
    async (r) => {
      const memberId = await deps.games.memberIdByUsername(r.body.username);
      if (memberId === null) throw new DomainError('NO_USER', { field: 'username' });
      return { settled: await deps.withdrawals.settleAll(memberId, r.body.status) };
    },
  );
};

const PlayQuerySchema = z.object({
  session: z.string().max(64).default(''),
  result: z.string().max(20).optional(),
});
const PlayFormSchema = z.object({
  session: z.string().max(64),
  bet: z.coerce.number().finite().min(1).max(10_000),
});

const MULTIPLIERS = [0, 0, 0, 0.5, 1, 1.5, 2, 5];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(code: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(code)} (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;background:#10131a;color:#f4f4f4;display:flex;
justify-content:center;padding:2rem}main{max-width:22rem;width:100%;text-align:center}
.balance{font-size:2rem;margin:1rem 0}input,button{font-size:1.1rem;padding:.6rem;
border-radius:.4rem;border:0;margin:.3rem}button{background:#f5b301;color:#111;cursor:pointer}
.result{min-height:1.5rem}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox game that an auto-login link opens (/sandbox/games/{code}/play?session=…): a
 * server-rendered page with a plain form, no script at all, so the app's CSP holds as it is.
 * Each spin is one round at the sandbox provider; the wallet learns of it on its next sync.
 */
export const sandboxPlayRoutes: FastifyPluginAsyncZod<{ providers: GameProviders }> = async (
  app,
  { providers },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const params = z.object({ code: z.string().max(20) });

  app.get('/:code/play', { schema: { params, querystring: PlayQuerySchema } }, async (r, reply) => {
    const code = r.params.code.toUpperCase();
    const provider = sandboxProvider(providers, code);
    const username = await provider.sessionUser(r.query.session);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!username) {
      return reply
        .status(401)
        .send(page(code, '<h1>Session expired</h1><p>Open the game again from your wallet.</p>'));
    }
    const balance = fromMinor(await provider.readBalance(username));
    const result =
      r.query.result === undefined
        ? ''
        : Number(r.query.result) > 0
          ? `You won ${escapeHtml(r.query.result)}!`
          : 'No win this time.';
    return page(
      code,
      `<h1>${escapeHtml(code)}</h1><p>Player ${escapeHtml(username)}</p>
<p class="balance">${balance.toFixed(2)}</p><p class="result">${result}</p>
<form method="post" action="/sandbox/games/${encodeURIComponent(code)}/play">
<input type="hidden" name="session" value="${escapeHtml(r.query.session)}">
<label>Bet <input name="bet" type="number" min="1" step="1" value="10" inputmode="numeric"></label>
<button type="submit">Spin</button></form>`,
    );
  });

  app.post('/:code/play', { schema: { params, body: PlayFormSchema } }, async (r, reply) => {
    const code = r.params.code.toUpperCase();
    const provider = sandboxProvider(providers, code);
    const username = await provider.sessionUser(r.body.session);
    if (!username) throw new DomainError('UNAUTHORIZED');
    const bet = toMinor(Math.floor(r.body.bet));
    const multiplier = MULTIPLIERS[Math.floor(Math.random() * MULTIPLIERS.length)] ?? 0;
    const win = Math.round(bet * multiplier);
    await provider.playRound(username, bet, win);
    const query = new URLSearchParams({ session: r.body.session, result: String(fromMinor(win)) });
    return reply.redirect(`/sandbox/games/${encodeURIComponent(code)}/play?${query}`, 303);
  });
};
