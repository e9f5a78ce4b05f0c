# Production image: the app's server (server.mjs, Next.js's custom-server API) on the production build.
# Not built in this project's CI (no Docker engine there); `npm run build && npm start` runs the same
# server.mjs on the same build, and is what the tests exercise. Behind nginx, see deploy/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOSTNAME=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build /app/package.json /app/next.config.ts /app/server.mjs ./
COPY --from=build /app/server ./server
COPY --from=build /app/messages ./messages
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# node itself is PID 1 (no npm, no shell), so `docker stop`'s SIGTERM reaches server.mjs: requests in flight
# finish (8 s at most, inside Docker's 10 s before SIGKILL), the database is closed, and it exits 0.
CMD ["node", "server.mjs"]
