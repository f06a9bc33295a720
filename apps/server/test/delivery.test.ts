// How answers travel (platform/http/delivery.ts): the console's files as the build precompressed
// them, with a year's caching for hashed assets and revalidation for the shell; API answers above
// 1 KB compressed as the client accepts, smaller ones as they are.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let web: string;
const script = `console.log(${JSON.stringify("x".repeat(4000))});\n`;

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), "skyledger-web-"));
  mkdirSync(path.join(web, "assets"));
  writeFileSync(
    path.join(web, "index.html"),
    '<!doctype html><script src="/assets/app-Ab12Cd34.js"></script>',
  );
  writeFileSync(path.join(web, "assets/app-Ab12Cd34.js"), script);
  writeFileSync(path.join(web, "assets/app-Ab12Cd34.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(web, "assets/app-Ab12Cd34.js.gz"), gzipSync(script));
  t = await startTestApp({ WEB_DIST_DIR: web });
});

afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("the console's files", () => {
  it("sends a hashed asset's brotli copy to a browser that takes brotli, kept for a year", async () => {
    const res = await get("/assets/app-Ab12Cd34.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.equals(brotliCompressSync(script))).toBe(true);
  });

  it("sends the gzip copy, or the file itself, to clients that take no brotli", async () => {
    const gz = await get("/assets/app-Ab12Cd34.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get("/assets/app-Ab12Cd34.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("has the shell revalidated, whichever console path asks for it", async () => {
    for (const url of ["/login", "/mgt/dashboard"]) {
      const res = await get(url, "br");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("/assets/app-Ab12Cd34.js");
    }
  });
});

describe("API answers", () => {
  it.each(["/api/configs/nonAuth", "/docs/json"])(
    "%s is compressed above 1 KB, and reads back the same",
    async (url) => {
      const plain = await get(url);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const gz = await get(url, "gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    },
  );

  it("go as they are below 1 KB", async () => {
    const res = await get("/api/maintenance", "gzip, br");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});
