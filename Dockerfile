# syntax=docker/dockerfile:1
# The provider as an image: the repository is built in the first stage, and only its deployable
# (dist/provider: compiled code, migrations, the built loader and frame, production dependencies)
# goes into the second, which runs as the unprivileged `node` user. docs/deployment.md says how to
# build and run it.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci && npm run build

FROM ${NODE_IMAGE}
WORKDIR /app
# The same start the deployable's test makes: `npm ci --omit=dev`, then `node main.js`.
COPY --from=build /repo/dist/provider/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
  && mkdir /data && chown node:node /data
# The code stays root's and read-only to the server; the embedded database and a generated dev
# config live in /data.
USER node
ENV PORT=4000 \
    LATCH_DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "main.js"]
