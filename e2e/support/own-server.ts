// A second Skyledger for one spec: the built server on its own port and fresh embedded database,
// with settings the shared server must not have (a moved clock). It can be stopped and started
// again on the same data, as an operator restarts an installation.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "../..");

export class OwnServer {
  private child: ChildProcess | null = null;
  private stderr = "";
  readonly baseURL: string;

  constructor(
    private readonly port: number,
    private readonly dataDir: string,
  ) {
    this.baseURL = `http://localhost:${port}`;
    rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  }

  /** Starts it with the browser tests' settings plus `env`, and waits until it answers. */
  async start(env: Record<string, string> = {}): Promise<void> {
    this.stderr = "";
    const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.baseURL,
        SEED_DEMO: "true",
        PAYMENT_SANDBOX: "true",
        LOG_LEVEL: "warn",
        RATE_LIMIT_AUTH_PER_MINUTE: "1000",
        SIMULATOR_DELAY_PERCENT: "5",
        LIFECYCLE_TICK_SECONDS: "1",
        ...env,
      },
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    this.child = child;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server stopped: ${this.stderr}`);
          return fetch(`${this.baseURL}/api/configs/nonAuth`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200);
  }

  /** The server's clock now, as every API answer tells it (X-Server-Time). */
  async serverTime(): Promise<Date> {
    const res = await fetch(`${this.baseURL}/api/configs/nonAuth`);
    return new Date(Number(res.headers.get("x-server-time")));
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}
