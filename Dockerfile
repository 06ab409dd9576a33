# syntax=docker/dockerfile:1
# The production image, in the steps of the production check (scripts/production-check.mjs, run by
# `npm test`): build, assemble the release, `npm ci --omit=dev` in it, then `node` alone starts it.
# Migrations: `docker run … node apps/server/dist/migrate.js` (compose.yaml runs it before the app);
# each instance also applies what is pending at boot. See README, "Production".
ARG NODE_VERSION=24

# ── build: every dependency, the web app (vite) and the server (esbuild) ───────────────────────────
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
# Manifests first: the dependency layer is reused while only sources change.
COPY package.json package-lock.json .nvmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/assemble-release.mjs /release

# ── runtime: the release and its production dependencies, run as an unprivileged user ─────────────
# Production dependencies are the server's alone: the web app is static files and a self-contained
# server-rendering bundle, and the embedded PostgreSQL (development only) is a dev dependency.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /release ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The image's `node` user (uid 1000): the app writes nothing to its own files.
USER node
EXPOSE 3000
# Alive: the process answers (its event loop turns), without asking the database: a container is
# replaced only when it is stuck, never for a database outage every instance rides out alone. Load
# balancers route by GET /readyz (database reachable, migrations current, not draining) instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1's command (no npm, no shell), so SIGTERM reaches the server and drains it.
# --no-memory-reducer: V8's memory reducer compacts the whole heap when the allocation rate drops
# (traffic falling after a busy spell), a pause of 90-120 ms in which every request waits, the
# slowest second of a p99 measured at half capacity (`npm run bench`); without it the heap is
# collected as it fills, in pauses of 10-35 ms, and keeps the size traffic made it.
# `npm run start:prod` and the bench start the server with the same flags (scripts/container-command.mjs).
CMD ["node", "--enable-source-maps", "--no-memory-reducer", "apps/server/dist/server.js"]
