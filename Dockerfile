# One image for the gateway, the workers and the one-shot migrate/seed step. The gateway and
# the workers run as bundles built here (scripts/lib/servers.ts: plain node, no tsx loader);
# the migrate/seed step and the health check run from TypeScript with tsx, so the image keeps
# dev dependencies. The web app is built into web/dist and served by the gateway.
FROM node:20-bookworm-slim AS base
ENV CI=true PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN npm i -g pnpm@10
WORKDIR /app

# Dependencies first, so a source change does not reinstall them.
FROM base AS deps
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY shared/package.json shared/
COPY db/package.json db/
COPY gateway/package.json gateway/
COPY workers/package.json workers/
COPY web/package.json web/
RUN pnpm install --frozen-lockfile

FROM deps AS app
COPY . .
# The web app into web/dist, the gateway and the workers into one bundle each (scripts/lib/servers.ts).
RUN pnpm build
# Nothing under /app is written at run time (tsx caches in /tmp), so root-owned files are
# fine; top-up vouchers go to their own node-owned folder (a volume in docker-compose.yml).
RUN mkdir -p /var/lib/app/vouchers && chown -R node:node /var/lib/app
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST=/app/web/dist
EXPOSE 3000
# `docker compose` picks the command per service; alone, the image runs the gateway.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "--heap-growing-percent=300", "gateway/dist/server.mjs"]
