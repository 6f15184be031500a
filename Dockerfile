# Tačke: multi-stage build on the current Node LTS, the version of package.json's `node` devDependency (which
# npm scripts run on); the runtime image runs as the unprivileged `node` user.
FROM node:24.21.0-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The PGlite template is made as root; the runtime user must be able to read (copy) it.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && chmod -R a+rX node_modules/.cache

FROM node:24.21.0-slim AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc's allocator setting of `npm start` (scripts/allocator.mjs).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./
# Production dependencies, plus node_modules/.cache/tacke: the migrated PGlite template.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/locales ./locales
COPY --from=build /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Admin role: docker compose exec app1 node dist/admin.mjs grant you@example.com
# The V8 memory settings of `npm start` (package.json; README "Memory"), kept equal by tests/unit/runtime-flags.test.ts.
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "dist/server.mjs"]
