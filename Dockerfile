# syntax=docker/dockerfile:1
# The site and its feedback server in one image.
#   docker build --build-arg PUBLIC_URL=https://example.com -t portfolio .
#   docker run -p 3000:3000 -e PUBLIC_URL=https://example.com -v portfolio-data:/data portfolio
# Settings: docs/deploy.md. PUBLIC_URL is needed twice: at build (links, sitemap) and at run.

ARG NODE_IMAGE=node:20-bookworm-slim

# Compilers for better-sqlite3, for when its prebuilt binary cannot be downloaded.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Build stage: every dependency, then the production build.
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG PUBLIC_URL
ARG FEEDBACK_API_URL
RUN PUBLIC_URL="${PUBLIC_URL}" FEEDBACK_API_URL="${FEEDBACK_API_URL}" npm run build

# Production dependencies only: no tsx, no build tools.
FROM toolchain AS production-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Runtime stage: the build output, production dependencies, a non-root user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SITE_DIR=/app/build \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json ./
RUN mkdir -p /data && chown node:node /data
USER node
# The feedback store: keep it on a volume, or every message is lost with the container.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, so it finishes in-flight requests.
CMD ["node", "build/server/server/main.js"]
