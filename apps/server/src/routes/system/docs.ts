import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI 3 document of every served route, generated from the contract's schemas. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
};
