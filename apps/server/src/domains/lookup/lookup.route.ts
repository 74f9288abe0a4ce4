import {
  ActiveResponseSchema,
  BanksResponseSchema,
  ContactResponseSchema,
  FeatureFlagResponseSchema,
  HowtoResponseSchema,
  HtmlDocumentResponseSchema,
  InfoResponseSchema,
  NoticeResponseSchema,
  SlipLookupResponseSchema,
  SourcesResponseSchema,
  TruelinkKeyResponseSchema,
  WithdrawLimitsResponseSchema,
} from '@wallet/contract/lookup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../plugins/errors';
import type { LookupService } from './lookup.service';

export const lookupRoutes: FastifyPluginAsyncZod<{ lookup: LookupService }> = async (
  app,
  { lookup },
) => {
  // GET /api/lookup/active, info and contact keep answering while the service is closed:
  // the closed page needs them (the API contract).
  const open = { allowWhenTerminated: true };
  const reply = <T extends z.ZodType>(schema: T) => ({
    response: { 200: schema, ...errorResponses },
  });

  app.get('/banks', { schema: reply(BanksResponseSchema) }, () => lookup.banks());
  app.get('/sources', { schema: reply(SourcesResponseSchema) }, () => lookup.sources());
  app.get('/info', { schema: reply(InfoResponseSchema), config: open }, () => lookup.info());
  app.get('/contact', { schema: reply(ContactResponseSchema), config: open }, (request) =>
    lookup.contact(request.locale),
  );
  app.get('/conditions', { schema: reply(HtmlDocumentResponseSchema) }, (request) =>
    lookup.document('conditions', request.locale),
  );
  app.get('/agreements', { schema: reply(HtmlDocumentResponseSchema) }, (request) =>
    lookup.document('agreements', request.locale),
  );
  app.get('/notice', { schema: reply(NoticeResponseSchema) }, (request) =>
    lookup.notice(request.locale),
  );
  // The limits of the caller's currency: a member's token, if sent, says which (issue 30).
  app.get(
    '/withdraw',
    { schema: reply(WithdrawLimitsResponseSchema), onRequest: app.authenticateIfPresent },
    (request) => lookup.withdraw(request.auth),
  );
  app.get('/slip', { schema: reply(SlipLookupResponseSchema) }, () => lookup.slip());
  app.get('/active', { schema: reply(ActiveResponseSchema), config: open }, () => lookup.active());
  app.get('/registerOTP', { schema: reply(FeatureFlagResponseSchema) }, () => lookup.registerOTP());
  app.get('/enableChatWidget', { schema: reply(FeatureFlagResponseSchema) }, () =>
    lookup.enableChatWidget(),
  );
  app.get('/howto', { schema: reply(HowtoResponseSchema) }, (request) =>
    lookup.howto(request.locale),
  );
  app.get('/truelink-key', { schema: reply(TruelinkKeyResponseSchema) }, () =>
    lookup.truelinkKey(),
  );
};
