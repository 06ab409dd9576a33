import type { FastifyPluginAsync } from 'fastify';

export interface TDocsRouteOptions {
  /** Serve the document (config.docsPublic: off in production unless DOCS_PUBLIC=true). */
  isPublic: boolean;
}

/**
 * The OpenAPI 3 document of every served route, generated from the contract's schemas. Not served
 * at all when it is not public: the path answers 404 like any unknown one.
 */
export const docsRoutes: FastifyPluginAsync<TDocsRouteOptions> = async (app, options) => {
  if (!options.isPublic) return;
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
};
