import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import * as vite from "vite";
import { defineConfig, type Plugin, type PluginOption } from "vite";

const OUT_DIR = fileURLToPath(new URL("./dist", import.meta.url));
const API_TARGET = process.env.SKYLEDGER_API ?? "http://localhost:8080";

// "/gateway" serves the sandbox payment page that top-ups leave the console for.
const proxy = {
  "/api": { target: API_TARGET, changeOrigin: false },
  "/docs": { target: API_TARGET, changeOrigin: false },
  "/gateway": { target: API_TARGET, changeOrigin: false },
};

// Long-lived vendor chunks shared by every page; antd stays split per component so the login page
// only downloads the pieces it renders (console and operator pages are lazy routes).
function vendorChunk(id: string): string | undefined {
  if (!id.includes("node_modules")) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "vendor-react";
  if (/node_modules\/(react-router)\//.test(id)) return "vendor-router";
  // <Trans> and its HTML parser serve two lazy screens only; they stay out of the shared i18n chunk.
  if (/react-i18next\/dist\/es\/(Trans|TransWithoutContext)\.js$|html-parse-stringify|void-elements/.test(id))
    return "vendor-i18n-trans";
  if (/node_modules\/(i18next|react-i18next)\//.test(id)) return "vendor-i18n";
  if (/node_modules\/@tanstack\//.test(id)) return "vendor-query";
  if (/node_modules\/zod\//.test(id)) return "vendor-zod";
  return undefined;
}

// @vitejs/plugin-react is hoisted to the workspace root, where "vite" is the root's vite 8 (kept for
// vitest) rather than this app's vite 7. Seeing vite 8 it adds plugins for vite 8's native
// (rolldown/oxc) pipeline, which vite 7's dev server cannot run ("Missing field moduleType"). Under
// a vite without rolldown those plugins are dropped: JSX is compiled by esbuild from tsconfig and
// edits reload the page instead of hot-swapping components. Nothing changes once versions align.
const ROLLDOWN_ONLY = new Set([
  "vite:react:refresh-wrapper",
  "vite:react:config-post",
  "vite:react-refresh-fbm",
]);
function reactPlugins(): PluginOption[] {
  const plugins = react() as unknown as Plugin[];
  return "rolldownVersion" in vite ? plugins : plugins.filter((plugin) => !ROLLDOWN_ONLY.has(plugin.name));
}

// The contracts only declare schemas and tables (the package has no "sideEffects" flag), so the
// login page can take the error table and the signing code without all of zod.
function hasSideEffects(id: string, external: boolean): boolean {
  return external || !id.includes("/packages/contracts/");
}

// antd's form context (imported by every antd Input) only needs rc-form's FormProvider, but takes
// it from rc-form's index, which attaches Field/List/useForm to Form and so drags the whole form
// engine (about 15 kB gzipped) into pages without a form, the login page first of all.
const formContextOnly: Plugin = {
  name: "skyledger:antd-form-context-only",
  enforce: "pre",
  resolveId(source, importer) {
    if (
      source === "@rc-component/form" &&
      importer?.replace(/\\/g, "/").endsWith("/antd/es/form/context.js")
    ) {
      return this.resolve("@rc-component/form/es/FormContext", importer, { skipSelf: true });
    }
    return null;
  },
};

// Spec §8's 426: each build has its own version (package version + build id), compiled into the
// console (sent as X-Console-Version on every API call) and written to dist/console-version.json,
// which the server reads at start to refuse consoles of another build. The dev server defines none,
// so a console under development is never refused.
function consoleVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  const buildId = process.env.SKYLEDGER_BUILD_ID || Date.now().toString(36);
  return `${pkg.version}+${buildId}`;
}

function consoleVersionFile(version: string): Plugin {
  return {
    name: "skyledger:console-version",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "console-version.json",
        source: `${JSON.stringify({ version })}\n`,
      });
    },
  };
}

// The server sends the console's files as they are on disk (apps/server/src/platform/http/delivery.ts):
// each text file above 1 KB gets a brotli (.br, best quality: it is compressed once, read for a
// year) and a gzip (.gz) copy at build time, so no request pays for compressing it.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
function precompress(outDir: string): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  return {
    name: "skyledger:precompress",
    apply: "build",
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const source = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig(({ command }) => {
  const version = command === "build" ? consoleVersion() : undefined;
  return {
    root: fileURLToPath(new URL(".", import.meta.url)),
    plugins: [
      ...reactPlugins(),
      formContextOnly,
      ...(version ? [consoleVersionFile(version)] : []),
      precompress(OUT_DIR),
    ],
    define: version ? { __CONSOLE_VERSION__: JSON.stringify(version) } : {},
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: OUT_DIR,
      emptyOutDir: true,
      // dist/.vite/manifest.json lists each route's chunks.
      manifest: true,
      target: "es2022",
      chunkSizeWarningLimit: 700,
      rollupOptions: {
        output: { manualChunks: vendorChunk },
        treeshake: { moduleSideEffects: hasSideEffects },
      },
    },
  };
});
