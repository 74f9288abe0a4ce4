import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { version } from '../../package.json';
import {
  API_DOCS_PATH,
  describeResponses,
  describeRoute,
  documentBase,
  documentedUrl,
  dropUnusedSchemas,
  isDocumented,
  sharedSchemas,
  sortedDocument,
} from './openapi-document';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The OpenAPI document of the routes this app serves, keys in a stable order; only where
     * the reference is on (the sandbox or API_DOCS=1).
     */
    openApiDocument?: () => Record<string, unknown>;
  }
}

/**
 * The API reference (docs/api.md): an OpenAPI 3.1 document made from the routes' own zod schemas
 * by @fastify/swagger and fastify-type-provider-zod, served at /api/docs (Swagger UI) and
 * /api/docs/json. Registered before the domains, so it sees every route as it is added. Swagger
 * UI loads only its own scripts and stylesheets from our origin, so the app's CSP holds as it is.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    // What onRoute sees of a route that the document needs and the route's options do not say.
    const multipart = new WeakSet<RouteOptions>();
    app.addHook('onRoute', function (route) {
      if (this.hasContentTypeParser('multipart/form-data')) multipart.add(route);
      // The reference is still there while the operator has closed the service.
      if (route.url.startsWith(API_DOCS_PATH)) {
        route.config = { ...route.config, allowWhenTerminated: true };
      }
    });

    const toJsonSchema = createJsonSchemaTransform({ schemaRegistry: sharedSchemas });
    const components = createJsonSchemaTransformObject({ schemaRegistry: sharedSchemas });
    await app.register(swagger, {
      openapi: documentBase(version),
      transform(document) {
        const { route } = document;
        const url = documentedUrl(route);
        if (!isDocumented(url)) return { schema: { hide: true }, url };
        const { schema } = toJsonSchema(document);
        return {
          schema: {
            ...schema,
            response: describeResponses(schema.response),
            ...describeRoute(route, {
              authenticate: app.authenticate,
              authenticateIfPresent: app.authenticateIfPresent,
              multipart: multipart.has(route),
            }),
          },
          url,
        };
      },
      transformObject(document) {
        const built = components(document);
        dropUnusedSchemas(built);
        return built;
      },
    });
    app.decorate('openApiDocument', () => sortedDocument(app.swagger()));

    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      transformSpecification: (document) => sortedDocument(document),
      uiConfig: { deepLinking: true, docExpansion: 'none', tryItOutEnabled: false },
    });
  },
  { name: 'openapi', dependencies: ['auth', 'staff-auth'] },
);
