# One multi-stage image definition for every service; SERVICE picks which (identity, dashboard,
# chart-query, data-source, relation, template, warning, bff, embedded):
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=identity -t bi-identity .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE} BI_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/proto proto
COPY --from=build --chown=node:node /app/libs libs
COPY --from=build --chown=node:node /app/apps apps
RUN mkdir -p /data && chown node:node /data
USER node
# gRPC services answer the health.v1 check; the BFF and the embedded host answer HTTP.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD node apps/embedded/dist/healthcheck.js
CMD ["sh", "-c", "exec node apps/${SERVICE}/dist/main.js"]
