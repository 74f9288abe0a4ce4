import {
  ContentSettingsSchema,
  contentChangeSchemas,
  contentKeys,
} from '@wallet/contract/content-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/errors';
import { changedBy } from '../../plugins/staff-auth';
import type { ContentSettingsService } from './content-settings';

/** `/api/backoffice/settings/content` (docs/backoffice.md, "Content"). */
export const contentSettingsRoutes: FastifyPluginAsyncZod<{
  content: ContentSettingsService;
}> = async (app, { content }) => {
  app.get(
    '/',
    {
      config: { staff: 'settings.read' },
      schema: { response: { 200: ContentSettingsSchema, ...errorResponses } },
    },
    () => content.all(),
  );

  for (const key of contentKeys) {
    app.put(
      `/${key}`,
      {
        config: { staff: 'settings.content' },
        schema: {
          body: contentChangeSchemas[key],
          response: { 200: ContentSettingsSchema.shape[key], ...errorResponses },
        },
      },
      (request) => {
        const { value, reason } = request.body as { value: never; reason: string };
        return content.change(key, value, reason, changedBy(request));
      },
    );
  }
};
