/**
 * The application as a Fastify plugin: security, validation, error answers, OpenAPI, every route
 * and the web app. `buildApp` wraps it in a Fastify instance for the process and for tests.
 */
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { TAdapters } from './adapters/index.js';
import type { TConfig } from './config.js';
import type { TDatabase } from './db/pool.js';
import { createBearerVerifier, type TAuthVerifier } from './http/auth.js';
import { registerErrorHandling, toErrorAnswer } from './http/errors.js';
import { lazyChildLogger } from './http/request-logger.js';
import { REQUEST_ID_HEADER, registerRequestIdEcho, requestIdOf } from './http/request-id.js';
import { NO_STORE, registerSecurity } from './http/security.js';
import { serializerCompiler } from './http/serializer.js';
import { createLogger } from './logger.js';
import { identityBrokerRoutes } from './routes/identity-broker/index.js';
import { legacyIdentityRoutes } from './routes/identity/index.js';
import { ratesRoutes } from './routes/leap/rates.js';
import { residencyRoutes } from './routes/leap/residency.js';
import { sandboxMailboxRoutes } from './routes/sandbox/mailbox.js';
import { sandboxChainRoutes } from './routes/sandbox/chain.js';
import { collateralRoutes } from './routes/leap/collateral.js';
import { sandboxBankLinkRoutes } from './routes/sandbox/bank-link.js';
import { bankLinkRoutes } from './routes/leap/bank-link.js';
import { disbursementRoutes } from './routes/leap/disbursement.js';
import { isSandboxBankPicker } from './adapters/bank-link/port.js';
import { sandboxPricesRoutes } from './routes/sandbox/prices.js';
import { sandboxClockRoutes } from './routes/sandbox/clock.js';
import { sandboxLoansRoutes } from './routes/sandbox/loans.js';
import { sandboxWebhooksRoutes } from './routes/sandbox/webhooks.js';
import { opsPartnerRoutes } from './routes/ops/partner.js';
import { partnerApiRoutes } from './routes/partner/partner-api.js';
import { createSandboxClock, type TSandboxClock } from './services/sandbox/sandbox-clock.js';
import { docsRoutes } from './routes/system/docs.js';
import { healthRoutes } from './routes/system/health.js';
import { addressRoutes } from './routes/address/lookup.js';
import { bannersRoutes } from './routes/banners/banners.js';
import { opsBannersRoutes } from './routes/ops/banners.js';
import { opsFlagsRoutes } from './routes/ops/flags.js';
import { opsOutboxRoutes } from './routes/ops/outbox.js';
import { opsJobsRoutes } from './routes/ops/jobs.js';
import { opsHealthRoutes } from './routes/ops/health.js';
import { readHealthMetrics } from './services/health/read-health-metrics.js';
import { opsApplicationsRoutes } from './routes/ops/applications.js';
import { opsAgentsRoutes } from './routes/ops/agents.js';
import { opsBrandsRoutes } from './routes/ops/brands.js';
import { previewBrandOf } from './services/brands/brand-preview.js';
import { opsControlledActionsRoutes } from './routes/ops/controlled-actions.js';
import { optimizeRoutes } from './routes/optimize/decisions.js';
import { profileRoutes } from './routes/profile/profile.js';
import { telemetryRoutes } from './routes/telemetry/tracking.js';
import { applicationsRoutes } from './routes/leap/applications.js';
import { detailsRoutes } from './routes/leap/details.js';
import { creditRetryRoutes } from './routes/leap/credit-retry.js';
import { finalStepsRoutes } from './routes/leap/final-steps.js';
import { offersRoutes } from './routes/leap/offers.js';
import { rollForwardRoutes } from './routes/leap/roll-forward.js';
import { refiRoutes } from './routes/refi/refi.js';
import { opsRefiRoutes } from './routes/refi/ops-refi.js';
import { waitlistRoutes } from './routes/leap/waitlist.js';
import { servicingRoutes } from './routes/servicing/loan-status.js';
import { servicingLoanRoutes } from './routes/servicing/loans.js';
import { servicingLiquidationRoutes } from './routes/servicing/liquidations.js';
import { opsLoansRoutes } from './routes/ops/loans.js';
import { opsRiskRoutes } from './routes/ops/risk.js';
import { opsSurplusRoutes } from './routes/ops/surplus.js';
import { createConfiguredBankPayments } from './adapters/bank-payments/index.js';
import { documentsRoutes } from './routes/leap/documents.js';
import { identityDocumentsRoutes } from './routes/leap/identity-documents.js';
import { createEncryptedStore } from './adapters/storage/encrypted.js';
import { createFieldCipher, type TFieldCipher } from './security/field-encryption.js';
import { createJwtService, type TClock } from './security/jwt.js';
import { createRateLimiter, createSharedRateLimitStore } from './security/rate-limit.js';
import { createMetrics, registerMetrics } from './http/metrics.js';
import { getQueueStats } from './jobs/queue-stats.js';
import type { TIdentityDeps } from './services/identity/deps.js';
import { verifyAccessToken } from './services/identity/verify-access-token.js';
import { registerOnLoanTransition } from './services/applications/apply-transition.js';
import { onLoanTransition } from './services/servicing/on-loan-transition.js';
import { registerWeb } from './web/serve-web.js';
import { exposeStatementCount } from './http/statement-count.js';
import { createInFlight } from './http/in-flight.js';

/** JSON bodies are small forms; uploads get their own limit on their route. */
export const BODY_LIMIT_BYTES = 1_048_576;

export const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));

export interface TAppOptions {
  config: Pick<
    TConfig,
    'sandbox' | 'webDist' | 'publicOrigin' | 'encryptionKey' | 'jwtPrivateKey'
  > &
    Partial<
      Pick<
        TConfig,
        'sandboxAutoReview' | 'metricsToken' | 'benchStatementCount' | 'plaid' | 'docsPublic'
      >
    >;
  database: TDatabase;
  adapters: TAdapters;
  /** Verifies bearer tokens; by default the sign-in tokens this app issues. */
  authVerifier?: TAuthVerifier;
  /** A fixed time source for every rule (tests move it by hand); no sandbox clock then. */
  clock?: TClock;
  /**
   * The deployment's clock in the sandbox, shared with the process's background jobs; made here
   * when not given. Unused outside the sandbox (real time) and when `clock` is given.
   */
  sandboxClock?: TSandboxClock;
  /**
   * The field cipher the boot checked against the database (the key ring and the stored blind
   * index key, security/keys/key-check.ts); one over config.encryptionKey when not given.
   */
  fieldCipher?: TFieldCipher;
}

export const app = fp<TAppOptions>(
  async (instance, options) => {
    const { config, database } = options;
    // Servicing follows every application's transition (its ledger opened, closed), in the
    // process's routes and jobs alike: handed to the transitions here rather than imported by them.
    registerOnLoanTransition(onLoanTransition);
    const { adapters } = options;
    const sandboxClock =
      config.sandbox && options.clock === undefined
        ? (options.sandboxClock ?? createSandboxClock(database.db))
        : undefined;
    // The one clock of every rule: codes, sessions, due dates, cure windows, jobs.
    const clock = options.clock ?? sandboxClock?.now ?? (() => new Date());
    // Every request is timed; the queue, prices, sweeps and dependencies are read at each scrape.
    const metrics = createMetrics({
      pool: database.pool,
      jobQueue: () => getQueueStats(database.db),
      health: () => readHealthMetrics(database.db),
      clock,
      log: instance.log,
    });
    const fieldCipher = options.fieldCipher ?? createFieldCipher(config.encryptionKey);
    const jwt = createJwtService({ privateKey: config.jwtPrivateKey, clock });
    const identity: TIdentityDeps = {
      db: database.db,
      cipher: fieldCipher,
      jwt,
      limiter: createRateLimiter({ db: database.db, cipher: fieldCipher, clock }),
      clock,
      sandbox: config.sandbox,
    };
    // The API speaks JSON only: anything else answers 415 instead of reaching validation.
    instance.removeContentTypeParser('text/plain');
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    // First of the hooks: whatever answers the request, a refusal or an error, carries its id.
    registerRequestIdEcho(instance);
    instance.decorate('inFlight', createInFlight());
    instance.decorate(
      'authVerifier',
      options.authVerifier ??
        createBearerVerifier((token, audience, reads) =>
          verifyAccessToken(
            {
              db: database.db,
              jwt,
              clock,
              ...(sandboxClock !== undefined ? { sandboxClock } : {}),
            },
            token,
            audience,
            reads,
          ),
        ),
    );
    if (config.benchStatementCount === true) exposeStatementCount(instance);
    if (sandboxClock !== undefined) {
      // Every request that tells the time sees the sandbox clock as the database has it, whichever
      // instance moved it: a route with a limit of its own reads it in the limit's counter
      // statement (the shared store below), a secure route's session check in its own statement
      // (when the app's verifier checks the tokens), other routes here, and routes that tell no
      // time never. The load is a hook of each route that needs it, so that the others run none.
      const sessionReadsClock = options.authVerifier === undefined;
      const loadClock: onRequestHookHandler = (request, _reply, done) => {
        sandboxClock.refresh().then(
          () => done(),
          (error: unknown) => {
            request.log.warn({ err: error }, 'sandbox clock not loaded; using the last one');
            done();
          },
        );
      };
      instance.addHook('onRoute', (routeOptions) => {
        const clockRead = routeOptions.config?.clockRead;
        if (
          clockRead === 'none' ||
          clockRead === 'limit' ||
          (clockRead === 'session' && sessionReadsClock)
        ) {
          return;
        }
        routeOptions.onRequest = [loadClock, ...[routeOptions.onRequest ?? []].flat()];
      });
    }
    instance.decorateRequest('principal', null);
    registerErrorHandling(instance);
    registerMetrics(instance, metrics, { token: config.metricsToken });

    await registerSecurity(instance, {
      publicOrigin: config.publicOrigin,
      allowPlaidLink: adapters.bankLink.name === 'plaid',
      rateLimitStore: createSharedRateLimitStore({
        db: database.db,
        cipher: fieldCipher,
        clock,
        ...(sandboxClock !== undefined ? { sandboxClock } : {}),
      }),
    });
    await instance.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Crypto-backed loan platform API',
          description: 'Every served endpoint, generated from the shared contract schemas.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            partnerKey: { type: 'http', scheme: 'bearer', bearerFormat: 'pk_<id>.<secret>' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });

    await instance.register(healthRoutes, { pool: database.pool });
    // Built without a loaded configuration (tests), the app serves its docs as development does.
    await instance.register(docsRoutes, { isPublic: config.docsPublic ?? true });
    await instance.register(residencyRoutes);
    await instance.register(ratesRoutes, { adapters });
    await instance.register(identityBrokerRoutes, { identity });
    await instance.register(legacyIdentityRoutes, {
      identity,
      publicOrigin: config.publicOrigin,
    });
    await instance.register(telemetryRoutes, { db: database.db });
    await instance.register(optimizeRoutes, { db: database.db });
    await instance.register(bannersRoutes, { db: database.db });
    await instance.register(profileRoutes, { db: database.db, fieldCipher, clock });
    await instance.register(addressRoutes, { addresses: adapters.addresses });
    await instance.register(opsBannersRoutes, { db: database.db });
    await instance.register(opsFlagsRoutes, { db: database.db });
    await instance.register(opsOutboxRoutes, { db: database.db, cipher: fieldCipher });
    await instance.register(opsJobsRoutes, { db: database.db, sandbox: config.sandbox });
    await instance.register(opsHealthRoutes, { db: database.db, clock });
    const applicationDeps = { db: database.db, clock };
    await instance.register(applicationsRoutes, applicationDeps);
    await instance.register(offersRoutes, { ...applicationDeps, prices: adapters.prices });
    await instance.register(rollForwardRoutes, { ...applicationDeps, prices: adapters.prices });
    await instance.register(detailsRoutes, { ...applicationDeps, cipher: fieldCipher });
    await instance.register(creditRetryRoutes, applicationDeps);
    await instance.register(finalStepsRoutes, { db: database.db });
    await instance.register(collateralRoutes, {
      ...applicationDeps,
      chain: adapters.chain,
      prices: adapters.prices,
      cipher: fieldCipher,
    });
    await instance.register(disbursementRoutes, { ...applicationDeps, cipher: fieldCipher });
    await instance.register(bankLinkRoutes, {
      ...applicationDeps,
      cipher: fieldCipher,
      bankLink: adapters.bankLink,
    });
    await instance.register(servicingRoutes, { db: database.db, clock, prices: adapters.prices });
    const store = createEncryptedStore(adapters.storage, fieldCipher);
    await instance.register(servicingLoanRoutes, {
      db: database.db,
      clock,
      prices: adapters.prices,
      cipher: fieldCipher,
      store,
      bankPayments: createConfiguredBankPayments(config, clock),
      sandbox: config.sandbox,
    });
    await instance.register(servicingLiquidationRoutes, { db: database.db, store });
    const controlDeps = { db: database.db, cipher: fieldCipher, sandbox: config.sandbox, clock };
    await instance.register(opsLoansRoutes, { ...controlDeps, prices: adapters.prices });
    await instance.register(opsRiskRoutes, controlDeps);
    await instance.register(opsSurplusRoutes, controlDeps);
    await instance.register(opsControlledActionsRoutes, controlDeps);
    await instance.register(opsPartnerRoutes, controlDeps);
    await instance.register(partnerApiRoutes, {
      db: database.db,
      clock,
      limiter: identity.limiter,
    });
    await instance.register(identityDocumentsRoutes, {
      ...applicationDeps,
      store,
      autoReview: config.sandbox && (config.sandboxAutoReview ?? true),
    });
    await instance.register(documentsRoutes, { ...applicationDeps, store });
    await instance.register(refiRoutes, {
      ...applicationDeps,
      cipher: fieldCipher,
      prices: adapters.prices,
      chain: adapters.chain,
      store,
      sandbox: config.sandbox,
    });
    await instance.register(opsRefiRoutes, controlDeps);
    await instance.register(opsApplicationsRoutes, {
      ...applicationDeps,
      cipher: fieldCipher,
      store,
    });
    await instance.register(opsAgentsRoutes, controlDeps);
    await instance.register(opsBrandsRoutes, controlDeps);
    await instance.register(waitlistRoutes, {
      db: database.db,
      cipher: fieldCipher,
      limiter: identity.limiter,
      sandbox: config.sandbox,
    });
    if (config.sandbox) await instance.register(sandboxPricesRoutes, { db: database.db });
    if (sandboxClock !== undefined) {
      await instance.register(sandboxClockRoutes, { db: database.db, clock: sandboxClock });
    }
    if (config.sandbox) {
      await instance.register(sandboxMailboxRoutes, { db: database.db, cipher: fieldCipher });
    }
    if (config.sandbox) {
      await instance.register(sandboxChainRoutes, { ...applicationDeps, chain: adapters.chain });
    }
    if (config.sandbox) {
      await instance.register(sandboxWebhooksRoutes, { db: database.db });
    }
    if (config.sandbox) {
      await instance.register(sandboxLoansRoutes, {
        ...applicationDeps,
        cipher: fieldCipher,
        prices: adapters.prices,
        chain: adapters.chain,
        creditBureau: adapters.creditBureau,
        store,
      });
    }
    if (config.sandbox && isSandboxBankPicker(adapters.bankLink)) {
      await instance.register(sandboxBankLinkRoutes, { picker: adapters.bankLink });
    }

    await registerWeb(instance, {
      webDist: config.webDist,
      publicDir: PUBLIC_DIR,
      sandbox: config.sandbox,
      previewBrand: (token) => previewBrandOf(controlDeps, token, config.sandbox),
    });
  },
  { name: 'pledge-app', fastify: '5.x' },
);

export interface TBuildAppOptions extends TAppOptions {
  config: TAppOptions['config'] & Pick<TConfig, 'trustProxy' | 'logLevel'>;
  /** A logger to use instead of one built from the config (tests capture its output). */
  logger?: Logger;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies next to the server. */
function trustProxyOption(trustProxy: boolean | number) {
  return typeof trustProxy === 'number'
    ? (_address: string, hop: number) => hop < trustProxy
    : trustProxy;
}

export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger = options.logger ?? createLogger(options.config.logLevel);
  const instance = Fastify({
    loggerInstance: logger,
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdOf,
    childLoggerFactory: lazyChildLogger,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before routing (an undecodable URL) get the same JSON error body.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const answer = toErrorAnswer(error);
      void reply
        .code(answer.statusCode)
        .header(REQUEST_ID_HEADER, request.id)
        .header('cache-control', NO_STORE)
        .type('application/json')
        .send(answer.body);
    },
  });
  await instance.register(app, options);
  return instance;
}
