# The festival site as a container image: `docker build -t festival .` (or `podman build`) from a checkout.
# It runs the self-contained server of `npm run build` (.next/standalone/server.js) as a non-root user, with
# nothing writable but DATA_DIR. docs/deploy.md, "(d) A container image", says how to run it;
# `npm run test:container` builds and runs it (scripts/test-container.ts).

# The Node major the project runs on (package.json's engines): one edit here follows it.
ARG NODE_MAJOR=22

FROM node:${NODE_MAJOR}-bookworm-slim AS base
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false

# 1. Dependencies, from the lockfile alone: this layer is rebuilt only when they change. The postinstall
# step mends the PostgreSQL driver (scripts/patch-postgres-driver.mjs), so that script comes along.
FROM base AS deps
COPY package.json package-lock.json ./
COPY scripts/patch-postgres-driver.mjs scripts/
RUN npm ci --no-audit --no-fund

# 2. The production build: .next/standalone (server.js and only the node_modules it needs), .next/static.
FROM base AS build
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# 3. What runs: the standalone server with the browser assets beside it, owned by root and so read-only
# to the server's user. The app writes only to DATA_DIR (uploads without S3, the embedded database
# without DATABASE_URL); pages and data are cached in PostgreSQL, not under .next.
FROM node:${NODE_MAJOR}-bookworm-slim AS runner
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-semi-space-size=64
RUN groupadd --gid 1001 festival \
    && useradd --uid 1001 --gid festival --home-dir /data --no-create-home --shell /usr/sbin/nologin festival \
    && mkdir /data && chown festival:festival /data && chmod 700 /data
WORKDIR /app
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# By number, not name: Kubernetes's runAsNonRoot can check only a numeric user.
USER 1001:1001
# A named volume created from this image starts owned by festival; a bind mount must be writable by uid 1001.
VOLUME ["/data"]
EXPOSE 3000
# Liveness, not readiness: what acts on "unhealthy" (Swarm, autoheal, Coolify's deployments) restarts or
# replaces the container, which mends nothing when the database is down (/api/ready would fail on every
# container at once). Traffic checks belong to the platform's readiness probe on /api/ready
# (docs/deploy.md). /api/health answers 200 from the moment the server listens, migrations or not.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Next's server ends on SIGTERM itself (it exits 143), also as PID 1; `docker run --init` reaps zombies too.
CMD ["node", "server.js"]
