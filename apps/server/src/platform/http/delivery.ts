// How answers travel: API answers above 1 KB compressed (brotli or gzip, as the client accepts), and
// the console's files served as the build precompressed them (apps/web/vite.config.ts writes a .br
// and a .gz beside each), with caching that fits each: a hashed asset never changes under its name,
// so browsers keep it a year without asking; index.html names the current assets, so it is always
// revalidated (docs/performance.md "Console delivery").
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Below this many bytes an answer goes as it is: compressing it would cost more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** Vite puts every hashed output under assets/. */
const isHashedAsset = (filePath: string) => /[\\/]assets[\\/]/.test(filePath);

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Brotli at quality 4 (the plugin's default): nearly gzip's speed for a tenth less size.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ["br", "gzip"] });
}

export async function registerConsoleFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader("cache-control", isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** The single-page console's shell, for any path the console routes itself. */
export function sendConsoleShell(reply: FastifyReply) {
  return reply.type("text/html").header("cache-control", REVALIDATE).sendFile("index.html");
}
