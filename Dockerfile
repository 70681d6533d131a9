FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config ui/vite.config.ts && node scripts/build-server.mjs && npm prune --omit=dev --no-audit --no-fund
ENV NODE_ENV=production PORT=3000 MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "--heap-growing-percent=50", ".build/fluxo.mjs"]
